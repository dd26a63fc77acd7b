import { useState } from 'react';
import type { TierAnswer } from '@common/tiers/schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { checkTierDeletable, useDeleteTier } from './api/delete-tier';
import { DeleteNotice, type DeleteOutcome } from './delete-notice';

export type { DeleteOutcome };

/**
 * 'I want to delete this program' -> confirmation -> deleted, or refused while the tier has
 * active subscribers. A refusal is said first, next to the button, without asking 'This action
 * cannot be undone' of a delete that cannot happen; the page shows a completed delete.
 */
export function DeleteProgram({ tier, onDeleted }: { tier: TierAnswer; onDeleted: (outcome: DeleteOutcome) => void }) {
  const [open, setOpen] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const { mutateAsync: deleteTier } = useDeleteTier();

  // A failure throws: the button's toast says why.
  async function start() {
    setBlocked(false);
    const { deletable } = await checkTierDeletable(tier._id);
    if (deletable) setOpen(true);
    else setBlocked(true);
  }

  // A network failure throws: the dialog stays open and says why. A subscriber who joined since
  // the check still blocks it (409): said next to the button too.
  async function confirm() {
    const deleted = await deleteTier(tier._id);
    setOpen(false);
    if (deleted) onDeleted({ kind: 'deleted', tierId: tier._id, tierName: tier.name });
    else setBlocked(true);
  }

  return (
    <section
      aria-label="Delete this program"
      className="rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 text-sm text-stone-600">
          Deleting ‘{tier.name}’ removes it for good. Programs with active subscribers cannot be deleted.
        </p>
        <Button variant="danger" onClick={start}>
          I want to delete this program
        </Button>
      </div>
      {blocked && (
        <DeleteNotice
          outcome={{ kind: 'blocked', tierId: tier._id, tierName: tier.name }}
          onDismiss={() => setBlocked(false)}
          className="mt-4"
        />
      )}
      <ConfirmDialog open={open} onClose={() => setOpen(false)} onConfirm={confirm} />
    </section>
  );
}
