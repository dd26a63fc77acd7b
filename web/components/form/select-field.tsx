import { ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { OPTION_LISTS, type OptionListName } from '@common/forms/option-lists';
import { BindField, type FieldBinding, type FieldProps, type FrameOptions } from './field-binding';
import { FieldFrame, controlStyles, useFieldControl } from './field-frame';

export type OptionValue = string | number | boolean;
export type SelectOption = { value: OptionValue; label: string; disabled?: boolean };

// The developer-error text, word for word as the product shows it.
export const MISSING_OPTIONS = 'SelectField is missing a valid options definition';

export type SelectFieldProps = FieldProps<OptionValue | null> & {
  /** The choices, or the name of a list from common/forms/option-lists.ts. */
  options: readonly SelectOption[] | OptionListName;
  /** A first, empty choice (stores null), e.g. 'Select a group'. */
  placeholder?: string;
  inputClassName?: string;
};

const isOption = (option: unknown): option is SelectOption =>
  typeof option === 'object' &&
  option !== null &&
  ['string', 'number', 'boolean'].includes(typeof (option as SelectOption).value) &&
  typeof (option as SelectOption).label === 'string';

export function resolveOptions(options: unknown): readonly SelectOption[] {
  const list = typeof options === 'string' ? OPTION_LISTS[options as OptionListName] : options;
  if (!Array.isArray(list) || !list.every(isOption)) throw new Error(MISSING_OPTIONS);
  return list;
}

export function SelectField({ options, placeholder, inputClassName, ...props }: SelectFieldProps) {
  const choices = resolveOptions(options);
  return (
    <BindField
      field={props}
      render={(field, frame) => (
        <FramedSelect
          field={field}
          choices={choices}
          placeholder={placeholder}
          frame={frame}
          disabled={props.disabled}
          inputClassName={inputClassName}
        />
      )}
    />
  );
}

type FramedSelectProps = {
  field: FieldBinding<OptionValue | null>;
  choices: readonly SelectOption[];
  placeholder?: string;
  frame: FrameOptions;
  disabled?: boolean;
  inputClassName?: string;
};

function FramedSelect({ field, choices, placeholder, frame, disabled, inputClassName }: FramedSelectProps) {
  const { ids, control } = useFieldControl<HTMLSelectElement>(field, frame);
  // A native <select> holds strings; the option's position maps back to its typed value.
  const selected = choices.findIndex((choice) => choice.value === field.value);
  return (
    <FieldFrame ids={ids} field={field} frame={frame}>
      <div className="relative">
        <select
          {...control}
          value={selected === -1 ? '' : String(selected)}
          onChange={(event) =>
            field.onChange(event.target.value === '' ? null : choices[Number(event.target.value)].value)
          }
          disabled={disabled}
          className={controlStyles(Boolean(field.error), `appearance-none pr-10 ${inputClassName ?? ''}`)}
        >
          {(placeholder !== undefined || selected === -1) && <option value="">{placeholder ?? ''}</option>}
          {choices.map((choice, index) => (
            <option key={`${index}-${String(choice.value)}`} value={String(index)} disabled={choice.disabled}>
              {choice.label}
            </option>
          ))}
        </select>
        <ChevronUpDownIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-stone-400"
        />
      </div>
    </FieldFrame>
  );
}
