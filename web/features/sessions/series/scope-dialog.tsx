import { useEffect, useState } from 'react';
import { DialogTitle, Description } from '@headlessui/react';
import type { SeriesScope } from '@common/sessions/series/schemas';
import { Button } from '@web/components/button';
import { DialogShell } from '@web/components/dialog-shell';
import { ScopeChoices } from './scope-choices';

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
        <div className="mt-4">
          <ScopeChoices legend="Apply the changes to" scope={scope} onChange={setScope} thisDisabled={ruleChanged} />
          {ruleChanged && (
            <Description className="mt-3 text-sm text-stone-600">
              A new repeat rule applies to this and following sessions, or to all of them.
            </Description>
          )}
        </div>
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
