import type { FieldProps } from './field-binding';
import { BoundInput } from './input-field';
import { blockLetterKeys, percentageValue } from './percentage';

export type PercentageFieldProps = FieldProps<number | null> & { placeholder?: string };

/** A whole-number percentage with a '%' sign after it. */
export function PercentageField({ placeholder, ...props }: PercentageFieldProps) {
  return (
    <BoundInput
      field={props}
      display={(current) => current ?? ''}
      input={{
        type: 'text',
        inputMode: 'numeric',
        placeholder,
        disabled: props.disabled,
        onKeyDown: blockLetterKeys,
        className: 'pr-9',
      }}
      toValue={percentageValue}
      suffix="%"
    />
  );
}
