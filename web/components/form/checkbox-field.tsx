import clsx from 'clsx';
import { BindField, type FieldBinding, type FieldProps, type FrameOptions } from './field-binding';
import { FieldError, InlineFieldLabel, useFieldControl } from './field-frame';

export type CheckboxFieldProps = FieldProps<boolean>;

export function CheckboxField(props: CheckboxFieldProps) {
  return (
    <BindField
      field={props}
      render={(field, frame) => <FramedCheckbox field={field} frame={frame} disabled={props.disabled} />}
    />
  );
}

function FramedCheckbox({
  field,
  frame,
  disabled,
}: {
  field: FieldBinding<boolean>;
  frame: FrameOptions;
  disabled?: boolean;
}) {
  const { ids, control } = useFieldControl<HTMLInputElement>(field, frame);
  return (
    <div className={frame.className}>
      <div className="flex items-start gap-3">
        <input
          {...control}
          type="checkbox"
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          disabled={disabled}
          className={clsx(
            'mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700 disabled:cursor-not-allowed',
            field.error && 'outline outline-red-500',
          )}
        />
        <InlineFieldLabel ids={ids} field={field} frame={frame} className="text-stone-800" />
      </div>
      <FieldError id={ids.errorId}>{field.error}</FieldError>
    </div>
  );
}
