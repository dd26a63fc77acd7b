import { useEffect, useId, useState } from 'react';
import { DialogTitle, Description } from '@headlessui/react';
import type { SeriesScope } from '@common/sessions/series/schemas';
import { Button } from '@web/components/button';
import { DialogShell } from '@web/components/dialog-shell';

const CHOICES: { value: SeriesScope; label: string }[] = [
  { value: 'this', label: 'This session' },
  { value: 'following', label: 'This and following sessions' },
  { value: 'all', label: 'All sessions' },
];

type ScopeDialogProps = {
  open: boolean;
  /** the chosen scope, or null for Cancel (Escape, the backdrop) */
  onChoose: (scope: SeriesScope | null) => void;
  /** a new repeat rule cannot apply to one session alone */
  ruleChanged: boolean;
};

/**
 * Saving a session of a series asks which sessions the change reaches, as calendars do: a radio
 * group, 'This session' first (and chosen) unless the rule itself changed.
 */
export function ScopeDialog({ open, onChoose, ruleChanged }: ScopeDialogProps) {
  const name = useId();
  const [scope, setScope] = useState<SeriesScope>('this');
  useEffect(() => {
    if (open) setScope(ruleChanged ? 'following' : 'this');
  }, [open, ruleChanged]);
  return (
    <DialogShell open={open} onClose={() => onChoose(null)} className="max-w-md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // the dialog sits in a portal, but React would carry its submit to the session form around it
          event.stopPropagation();
          onChoose(scope);
        }}
      >
        <DialogTitle className="text-lg font-semibold text-stone-900">Change recurring session</DialogTitle>
        <fieldset className="mt-4">
          <legend className="text-sm text-stone-700">Apply the changes to</legend>
          <div className="mt-3 space-y-2">
            {CHOICES.map((choice) => {
              const disabled = choice.value === 'this' && ruleChanged;
              return (
                <label
                  key={choice.value}
                  className="flex min-h-11 items-center gap-3 rounded-lg border border-stone-300 px-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:opacity-60"
                >
                  <input
                    type="radio"
                    name={name}
                    value={choice.value}
                    checked={scope === choice.value}
                    disabled={disabled}
                    onChange={() => setScope(choice.value)}
                    data-autofocus={scope === choice.value ? true : undefined}
                    className="size-4 accent-brand-700"
                  />
                  <span className="text-sm font-medium text-stone-900">{choice.label}</span>
                </label>
              );
            })}
          </div>
          {ruleChanged && (
            <Description className="mt-3 text-sm text-stone-600">
              A new repeat rule applies to this and following sessions, or to all of them.
            </Description>
          )}
        </fieldset>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onChoose(null)}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </div>
      </form>
    </DialogShell>
  );
}
