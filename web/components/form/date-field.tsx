import type { FieldProps } from './field-binding';
import { BoundInput } from './input-field';
import { fromDateInputValue, toDateInputValue } from './date-values';

export type DateFieldProps = FieldProps<string | null> & {
  /** A datetime-local input instead of a date input. */
  withTime?: boolean;
  /** Bounds in the input's own format: yyyy-MM-dd, or yyyy-MM-ddTHH:mm with time. */
  min?: string;
  max?: string;
  inputClassName?: string;
};

export function DateField({ withTime = false, min, max, inputClassName, ...props }: DateFieldProps) {
  return (
    <BoundInput
      field={props}
      display={(current) => toDateInputValue(current, withTime)}
      input={{
        type: withTime ? 'datetime-local' : 'date',
        min,
        max,
        disabled: props.disabled,
        className: inputClassName,
      }}
      toValue={(raw) => fromDateInputValue(raw, withTime)}
    />
  );
}
