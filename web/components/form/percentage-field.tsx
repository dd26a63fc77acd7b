import { BindField, type FieldProps } from './field-binding';
import { FramedInput } from './input-field';
import { blockLetterKeys, percentageValue } from './percentage';

export type PercentageFieldProps = FieldProps<number | null> & { placeholder?: string };

/** A whole-number percentage with a '%' sign after it. */
export function PercentageField({ placeholder, ...props }: PercentageFieldProps) {
  const { name, value, onChange, label, required, description, error, disabled, className } = props;
  return (
    <BindField
      field={{ name, value, onChange, label, error }}
      render={(field) => (
        <FramedInput
          field={field}
          display={field.value ?? ''}
          frame={{ required, description, className }}
          input={{ type: 'text', inputMode: 'numeric', placeholder, disabled, onKeyDown: blockLetterKeys, className: 'pr-9' }}
          toValue={percentageValue}
          suffix="%"
        />
      )}
    />
  );
}
