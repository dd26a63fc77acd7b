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
            'relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full border transition-colors duration-200',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
            'disabled:cursor-not-allowed disabled:opacity-60',
            // Off, the track's edge reaches 3:1 on white; forced colours keep the border and take the
            // system's selection colour for on (the switch vanished in High Contrast).
            checked
              ? 'border-brand-700 bg-brand-700 forced-colors:bg-[color:Highlight]'
              : 'border-stone-500 bg-stone-300 forced-colors:bg-[color:Canvas]',
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'pointer-events-none mt-px ml-px inline-block size-5',
              'rounded-full bg-white shadow',
              'transition-transform duration-200',
              checked
                ? 'translate-x-5 forced-colors:bg-[color:HighlightText]'
                : 'translate-x-0 forced-colors:bg-[color:CanvasText]',
            )}
          />
        </Switch>
      </div>
      <FieldError id={ids.errorId}>{field.error}</FieldError>
    </div>
  );
}
