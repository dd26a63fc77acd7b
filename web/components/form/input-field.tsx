import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { BindField, type FieldBinding, type FieldProps } from './field-binding';
import { FieldFrame, controlStyles, useFieldIds } from './field-frame';

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
const toValue = (type: InputType, raw: string): InputValue => (type === 'number' ? (raw === '' ? null : Number(raw)) : raw);

export function InputField({ type = 'text', inputClassName, ...props }: InputFieldProps) {
  const { name, value, onChange, label, required, description, error, disabled, className, ...native } = props;
  return (
    <BindField
      field={{ name, value, onChange, label, error }}
      render={(field) => (
        <FramedInput
          field={field}
          display={field.value ?? ''}
          frame={{ required, description, className }}
          input={{ ...native, type, disabled, className: inputClassName }}
          toValue={(raw) => toValue(type, raw)}
        />
      )}
    />
  );
}

export type FrameOptions = Pick<FieldProps<unknown>, 'required' | 'description' | 'className'>;

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

/** The labelled <input> shared by the text-like fields (input, date, percentage). */
export function FramedInput<V>({ field, display, frame, input: { className, ...input }, toValue: convert, suffix }: FramedInputProps<V>) {
  const ids = useFieldIds(Boolean(frame.description), Boolean(field.error));
  const control = (
    <input
      {...input}
      id={ids.inputId}
      ref={field.ref as Ref<HTMLInputElement>}
      name={field.name}
      value={display}
      onChange={(event) => field.onChange(convert(event.target.value))}
      onBlur={field.onBlur}
      aria-required={frame.required || undefined}
      aria-invalid={field.error ? true : undefined}
      aria-describedby={ids.describedBy}
      className={controlStyles(Boolean(field.error), className)}
    />
  );
  return (
    <FieldFrame
      ids={ids}
      label={field.label}
      required={frame.required}
      description={frame.description}
      error={field.error}
      className={frame.className}
    >
      {suffix ? (
        <div className="relative">
          {control}
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-stone-500">
            {suffix}
          </span>
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}
