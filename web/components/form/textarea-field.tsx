import type { TextareaHTMLAttributes } from 'react';
import { BindField, type FieldBinding, type FieldProps, type FrameOptions } from './field-binding';
import { FieldFrame, controlStyles, useFieldControl } from './field-frame';

type NativeTextareaProps = Pick<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'rows' | 'placeholder' | 'maxLength' | 'autoFocus' | 'readOnly'
>;

export type TextareaFieldProps = FieldProps<string | null> & NativeTextareaProps & { inputClassName?: string };

export function TextareaField({
  rows = 4,
  placeholder,
  maxLength,
  autoFocus,
  readOnly,
  inputClassName,
  ...props
}: TextareaFieldProps) {
  return (
    <BindField
      field={props}
      render={(field, frame) => (
        <FramedTextarea
          field={field}
          frame={frame}
          textarea={{
            rows,
            placeholder,
            maxLength,
            autoFocus,
            readOnly,
            disabled: props.disabled,
            className: inputClassName,
          }}
        />
      )}
    />
  );
}

type FramedTextareaProps = {
  field: FieldBinding<string | null>;
  frame: FrameOptions;
  textarea: NativeTextareaProps & { disabled?: boolean; className?: string };
};

function FramedTextarea({ field, frame, textarea: { className, ...textarea } }: FramedTextareaProps) {
  const { ids, control } = useFieldControl<HTMLTextAreaElement>(field, frame);
  return (
    <FieldFrame ids={ids} field={field} frame={frame}>
      <textarea
        {...textarea}
        {...control}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        className={controlStyles(Boolean(field.error), className)}
      />
    </FieldFrame>
  );
}
