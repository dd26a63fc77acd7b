import { useId } from 'react';
import type { SeriesScope } from '@common/sessions/series/schemas';

const CHOICES: { value: SeriesScope; label: string }[] = [
  { value: 'this', label: 'This session' },
  { value: 'following', label: 'This and following sessions' },
  { value: 'all', label: 'All sessions' },
];

type ScopeChoicesProps = {
  legend: string;
  scope: SeriesScope;
  onChange: (scope: SeriesScope) => void;
  /** 'This session' cannot be chosen (a new repeat rule applies to more than one) */
  thisDisabled?: boolean;
};

/** Which sessions of a series a change or a deletion reaches, as calendars ask: a radio group. */
export function ScopeChoices({ legend, scope, onChange, thisDisabled = false }: ScopeChoicesProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm text-stone-700">{legend}</legend>
      <div className="mt-3 space-y-2">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 items-center gap-3 rounded-lg border border-stone-300 px-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={scope === choice.value}
              disabled={choice.value === 'this' && thisDisabled}
              onChange={() => onChange(choice.value)}
              data-autofocus={scope === choice.value ? true : undefined}
              className="size-4 accent-brand-700"
            />
            <span className="text-sm font-medium text-stone-900">{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
