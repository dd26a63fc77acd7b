import type { Ref, TextareaHTMLAttributes } from 'react';
import { BindField, type FieldBinding, type FieldProps } from './field-binding';
import { FieldFrame, controlStyles, useFieldIds } from './field-frame';
import type { FrameOptions } from './input-field';

type NativeTextareaProps = Pick<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'rows' | 'placeholder' | 'maxLength' | 'autoFocus' | 'readOnly'
>;

export type TextareaFieldProps = FieldProps<string | null> & NativeTextareaProps & { inputClassName?: string };

export function TextareaField({ rows = 4, placeholder, maxLength, autoFocus, readOnly, inputClassName, ...props }: TextareaFieldProps) {
  const { name, value, onChange, label, required, description, error, disabled, className } = props;
  return (
    <BindField
      field={{ name, value, onChange, label, error }}
      render={(field) => (
        <FramedTextarea
          field={field}
          frame={{ required, description, className }}
          textarea={{ rows, placeholder, maxLength, autoFocus, readOnly, disabled, className: inputClassName }}
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
  const ids = useFieldIds(Boolean(frame.description), Boolean(field.error));
  return (
    <FieldFrame
      ids={ids}
      label={field.label}
      required={frame.required}
      description={frame.description}
      error={field.error}
      className={frame.className}
    >
      <textarea
        {...textarea}
        id={ids.inputId}
        ref={field.ref as Ref<HTMLTextAreaElement>}
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        aria-required={frame.required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={controlStyles(Boolean(field.error), className)}
      />
    </FieldFrame>
  );
}
