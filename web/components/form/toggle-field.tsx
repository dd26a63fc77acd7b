import type { Ref } from 'react';
import clsx from 'clsx';
import { Switch } from '@headlessui/react';
import { BindField, type FieldBinding, type FieldProps } from './field-binding';
import { FieldDescription, FieldError, RequiredMark, useFieldIds } from './field-frame';
import type { FrameOptions } from './input-field';

export type ToggleFieldProps = FieldProps<boolean>;

/** An on/off switch (Headless UI Switch: role=switch, Space and Enter toggle). */
export function ToggleField(props: ToggleFieldProps) {
  const { name, value, onChange, label, required, description, error, disabled, className } = props;
  return (
    <BindField
      field={{ name, value, onChange, label, error }}
      render={(field) => <FramedToggle field={field} frame={{ required, description, className }} disabled={disabled} />}
    />
  );
}

function FramedToggle({ field, frame, disabled }: { field: FieldBinding<boolean>; frame: FrameOptions; disabled?: boolean }) {
  const ids = useFieldIds(Boolean(frame.description), Boolean(field.error));
  const checked = Boolean(field.value);
  return (
    <div className={frame.className}>
      <div className="flex items-center justify-between gap-4">
        <div className="text-sm leading-6">
          <label htmlFor={ids.inputId} className="font-medium text-stone-800">
            {field.label}
          </label>
          {frame.required && <RequiredMark />}
          <FieldDescription id={ids.descriptionId}>{frame.description}</FieldDescription>
        </div>
        <Switch
          id={ids.inputId}
          ref={field.ref as Ref<HTMLButtonElement>}
          name={field.name}
          checked={checked}
          onChange={(next: boolean) => field.onChange(next)}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-required={frame.required || undefined}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={clsx(
            'relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors duration-200',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
            'disabled:cursor-not-allowed disabled:opacity-60',
            checked ? 'bg-brand-700' : 'bg-stone-300',
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'pointer-events-none mt-0.5 ml-0.5 inline-block size-5 rounded-full bg-white shadow transition-transform duration-200',
              checked ? 'translate-x-5' : 'translate-x-0',
            )}
          />
        </Switch>
      </div>
      <FieldError id={ids.errorId}>{field.error}</FieldError>
    </div>
  );
}
