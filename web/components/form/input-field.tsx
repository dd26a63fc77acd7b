import type { InputHTMLAttributes, ReactNode } from 'react';
import { BindField, type FieldBinding, type FieldProps, type FrameOptions } from './field-binding';
import { FieldFrame, controlStyles, useFieldControl } from './field-frame';

export type InputType = 'text' | 'email' | 'password' | 'number' | 'tel' | 'url' | 'search';
export type InputValue = string | number | null;

export type NativeInputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'autoComplete'
  | 'placeholder'
  | 'inputMode'
  | 'autoFocus'
  | 'min'
  | 'max'
  | 'step'
  | 'maxLength'
  | 'readOnly'
  | 'spellCheck'
  | 'autoCapitalize'
  | 'onKeyDown'
>;

export type InputFieldProps = FieldProps<InputValue> &
  NativeInputProps & {
    type?: InputType;
    inputClassName?: string;
  };

/** A number input holds a number, or null while empty. */
const toValue = (type: InputType, raw: string): InputValue =>
  type === 'number' ? (raw === '' ? null : Number(raw)) : raw;

export function InputField({ type = 'text', inputClassName, ...props }: InputFieldProps) {
  const { name, value, onChange, label, required, description, error, disabled, className, ...native } = props;
  return (
    <BoundInput
      field={props}
      display={(current) => current ?? ''}
      input={{ ...native, type, disabled, className: inputClassName }}
      toValue={(raw) => toValue(type, raw)}
    />
  );
}

type FramedInputProps<V> = {
  field: FieldBinding<V>;
  /** What the input shows for the field's value. */
  display: string | number;
  frame: FrameOptions;
  input: NativeInputProps & { type: string; disabled?: boolean; className?: string };
  toValue: (raw: string) => V;
  /** A unit shown inside the input's right edge, e.g. '%'. */
  suffix?: ReactNode;
};

type BoundInputProps<V> = Omit<FramedInputProps<V>, 'field' | 'frame' | 'display'> & {
  /** The field's props: bound to the surrounding form by name, or controlled. */
  field: FieldProps<V>;
  /** What the input shows for the field's value. */
  display: (value: V) => string | number;
};

/** A text-like field (input, date, percentage): its props bound, then drawn as a labelled <input>. */
export function BoundInput<V>({ field: props, display, ...input }: BoundInputProps<V>) {
  return (
    <BindField
      field={props}
      render={(field, frame) => <FramedInput field={field} display={display(field.value)} frame={frame} {...input} />}
    />
  );
}

/** The labelled <input> shared by the text-like fields (input, date, percentage). */
export function FramedInput<V>({
  field,
  display,
  frame,
  input: { className, ...input },
  toValue: convert,
  suffix,
}: FramedInputProps<V>) {
  const { ids, control: attributes } = useFieldControl<HTMLInputElement>(field, frame);
  const control = (
    <input
      {...input}
      {...attributes}
      value={display}
      onChange={(event) => field.onChange(convert(event.target.value))}
      className={controlStyles(Boolean(field.error), className)}
    />
  );
  return (
    <FieldFrame ids={ids} field={field} frame={frame}>
      {suffix ? (
        <div className="relative">
          {control}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-stone-500"
          >
            {suffix}
          </span>
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}
