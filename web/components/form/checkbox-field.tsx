import type { Ref } from 'react';
import clsx from 'clsx';
import { BindField, type FieldBinding, type FieldProps } from './field-binding';
import { FieldDescription, FieldError, RequiredMark, useFieldIds } from './field-frame';
import type { FrameOptions } from './input-field';

export type CheckboxFieldProps = FieldProps<boolean>;

export function CheckboxField(props: CheckboxFieldProps) {
  const { name, value, onChange, label, required, description, error, disabled, className } = props;
  return (
    <BindField
      field={{ name, value, onChange, label, error }}
      render={(field) => <FramedCheckbox field={field} frame={{ required, description, className }} disabled={disabled} />}
    />
  );
}

function FramedCheckbox({ field, frame, disabled }: { field: FieldBinding<boolean>; frame: FrameOptions; disabled?: boolean }) {
  const ids = useFieldIds(Boolean(frame.description), Boolean(field.error));
  return (
    <div className={frame.className}>
      <div className="flex items-start gap-3">
        <input
          id={ids.inputId}
          ref={field.ref as Ref<HTMLInputElement>}
          name={field.name}
          type="checkbox"
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-required={frame.required || undefined}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={clsx(
            'mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700 disabled:cursor-not-allowed',
            field.error && 'outline outline-red-500',
          )}
        />
        <div className="text-sm leading-6">
          <label htmlFor={ids.inputId} className="text-stone-800">
            {field.label}
          </label>
          {frame.required && <RequiredMark />}
          <FieldDescription id={ids.descriptionId}>{frame.description}</FieldDescription>
        </div>
      </div>
      <FieldError id={ids.errorId}>{field.error}</FieldError>
    </div>
  );
}
