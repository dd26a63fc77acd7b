import { useState } from 'react';
import type { TierAnswer } from '@common/tiers/schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useDeleteTier } from './api/delete-tier';

export type DeleteOutcome = { kind: 'deleted' | 'blocked'; tierId: string; tierName: string };

/**
 * spec 02 §2: 'I want to delete this program' -> confirmation -> deleted, or refused while the
 * tier has active subscribers (spec 02 §8). The page shows the outcome.
 */
export function DeleteProgram({ tier, onDone }: { tier: TierAnswer; onDone: (outcome: DeleteOutcome) => void }) {
  const [open, setOpen] = useState(false);
  const { mutateAsync: deleteTier } = useDeleteTier();

  // A network failure throws: the dialog stays open and says why.
  async function confirm() {
    const deleted = await deleteTier(tier._id);
    setOpen(false);
    onDone({ kind: deleted ? 'deleted' : 'blocked', tierId: tier._id, tierName: tier.name });
  }

  return (
    <section aria-label="Delete this program" className="rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 text-sm text-stone-600">
          Deleting ‘{tier.name}’ removes it for good. Programs with active subscribers cannot be deleted.
        </p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          I want to delete this program
        </Button>
      </div>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} onConfirm={confirm} />
    </section>
  );
}
