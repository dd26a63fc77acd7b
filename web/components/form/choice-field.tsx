import type { Ref } from 'react';
import clsx from 'clsx';
import { BindField, type FieldBinding, type FieldProps, type FrameOptions } from './field-binding';
import { FieldDescription, FieldError, RequiredMark, useFieldIds } from './field-frame';
import { MISSING_OPTIONS, type OptionValue } from './select-field';

export type Choice = { value: OptionValue; label: string; description?: string };

export type ChoiceFieldProps = FieldProps<OptionValue | null> & {
  choices: readonly Choice[];
  /** Columns from the small breakpoint up; one column below it. */
  columns?: 2 | 3;
};

/**
 * A few mutually exclusive choices shown as cards (native radios underneath, so arrow keys move
 * between them). Starts unset unless the form's default says otherwise.
 */
export function ChoiceField({ choices, columns = 2, ...props }: ChoiceFieldProps) {
  if (!Array.isArray(choices) || choices.length === 0) throw new Error(MISSING_OPTIONS);
  return (
    <BindField
      field={props}
      render={(field, frame) => (
        <FramedChoices field={field} choices={choices} columns={columns} frame={frame} disabled={props.disabled} />
      )}
    />
  );
}

type FramedChoicesProps = {
  field: FieldBinding<OptionValue | null>;
  choices: readonly Choice[];
  columns: 2 | 3;
  frame: FrameOptions;
  disabled?: boolean;
};

function FramedChoices({ field, choices, columns, frame, disabled }: FramedChoicesProps) {
  const {
    inputId: id,
    descriptionId,
    errorId,
    describedBy,
  } = useFieldIds(Boolean(frame.description), Boolean(field.error));
  return (
    <fieldset
      role="radiogroup"
      aria-required={frame.required || undefined}
      aria-invalid={field.error ? true : undefined}
      aria-describedby={describedBy}
      className={frame.className}
    >
      <legend className="text-sm font-medium text-stone-800">
        {field.label}
        {frame.required && <RequiredMark />}
      </legend>
      <FieldDescription id={descriptionId}>{frame.description}</FieldDescription>
      <div className={clsx('mt-1.5 grid grid-cols-1 gap-3', columns === 2 ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
        {choices.map((choice, index) => {
          const checked = field.value === choice.value;
          // The radio is named by the choice's label alone; its description is a hint.
          const labelId = `${id}-${index}-label`;
          const hintId = choice.description ? `${id}-${index}-hint` : undefined;
          return (
            <label
              key={String(choice.value)}
              className={clsx(
                // A real border, which forced colours keep (a box-shadow ring vanished there);
                // the chosen card doubles it with a ring and, in forced colours, the selection colour.
                'relative flex cursor-pointer flex-col rounded-lg border bg-white px-4 py-3 shadow-sm',
                'transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700',
                checked
                  ? clsx(
                      'border-brand-700 bg-brand-50 ring-1 ring-inset ring-brand-700',
                      'forced-colors:border-[3px] forced-colors:border-[color:Highlight]',
                    )
                  : field.error
                    ? 'border-red-600'
                    : 'border-stone-400 hover:bg-stone-50',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                ref={index === 0 ? (field.ref as Ref<HTMLInputElement>) : undefined}
                type="radio"
                name={field.name ?? id}
                value={String(index)}
                checked={checked}
                onChange={() => field.onChange(choice.value)}
                onBlur={field.onBlur}
                disabled={disabled}
                aria-labelledby={labelId}
                aria-describedby={hintId}
                // Covers the whole card, invisible: a click anywhere lands on the radio itself.
                className={clsx(
                  'absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none',
                  'rounded-lg opacity-0',
                  'disabled:cursor-not-allowed',
                )}
              />
              <span
                id={labelId}
                className={clsx('text-sm font-semibold', checked ? 'text-brand-900' : 'text-stone-900')}
              >
                {choice.label}
              </span>
              {choice.description && (
                <span id={hintId} className="mt-0.5 text-sm text-stone-600">
                  {choice.description}
                </span>
              )}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId}>{field.error}</FieldError>
    </fieldset>
  );
}
