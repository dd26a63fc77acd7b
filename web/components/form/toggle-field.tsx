import clsx from 'clsx';
import { Switch } from '@headlessui/react';
import { BindField, type FieldBinding, type FieldProps, type FrameOptions } from './field-binding';
import { FieldError, InlineFieldLabel, useFieldControl } from './field-frame';

export type ToggleFieldProps = FieldProps<boolean>;

/** An on/off switch (Headless UI Switch: role=switch, Space and Enter toggle). */
export function ToggleField(props: ToggleFieldProps) {
  return (
    <BindField
      field={props}
      render={(field, frame) => <FramedToggle field={field} frame={frame} disabled={props.disabled} />}
    />
  );
}

function FramedToggle({
  field,
  frame,
  disabled,
}: {
  field: FieldBinding<boolean>;
  frame: FrameOptions;
  disabled?: boolean;
}) {
  const { ids, control } = useFieldControl<HTMLButtonElement>(field, frame);
  const checked = Boolean(field.value);
  return (
    <div className={frame.className}>
      <div className="flex items-center justify-between gap-4">
        <InlineFieldLabel ids={ids} field={field} frame={frame} className="font-medium text-stone-800" />
        <Switch
          {...control}
          checked={checked}
          onChange={(next: boolean) => field.onChange(next)}
          disabled={disabled}
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
