import { BindField, type FieldProps } from './field-binding';
import { FramedInput } from './input-field';
import { fromDateInputValue, toDateInputValue } from './date-values';

export type DateFieldProps = FieldProps<string | null> & {
  /** A datetime-local input instead of a date input (spec 01 §3). */
  withTime?: boolean;
  /** Bounds in the input's own format: yyyy-MM-dd, or yyyy-MM-ddTHH:mm with time. */
  min?: string;
  max?: string;
  inputClassName?: string;
};

export function DateField({ withTime = false, min, max, inputClassName, ...props }: DateFieldProps) {
  const { name, value, onChange, label, required, description, error, disabled, className } = props;
  return (
    <BindField
      field={{ name, value, onChange, label, error }}
      render={(field) => (
        <FramedInput
          field={field}
          display={toDateInputValue(field.value, withTime)}
          frame={{ required, description, className }}
          input={{ type: withTime ? 'datetime-local' : 'date', min, max, disabled, className: inputClassName }}
          toValue={(raw) => fromDateInputValue(raw, withTime)}
        />
      )}
    />
  );
}
