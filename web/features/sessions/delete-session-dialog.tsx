import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionAnswer } from '@common/sessions/schemas';
import type { SeriesScope } from '@common/sessions/series/schemas';
import { ConfirmDialog, CONFIRM_TEXT } from '@web/components/confirm-dialog';
import { deleteSession } from './api/delete-session';
import { sessionsKey } from './api/session-keys';
import { deleteFromSeries } from './series/api/delete-from-series';
import { ScopeChoices } from './series/scope-choices';
import { priceText, sessionDateText, timeRangeText } from './session-times';
import { SESSION_TEXTS } from './session-texts';

type DeleteSessionDialogProps = { open: boolean; session: SessionAnswer | null; onClose: () => void };

/** Who a deletion tells: the one member of a one-place session by name, else how many. */
function toldText(session: SessionAnswer) {
  const count = session.bookers?.length ?? (session.isBooked ? 1 : 0);
  if (count === 0) return null;
  const who =
    count === 1
      ? (session.bookedBy?.name ?? session.bookers?.[0]?.name ?? 'The member who booked it')
      : `The ${count} booked members`;
  return `${who} will be told${session.price > 0 ? `, and refunded ${priceText(session.price)}` : ''}.`;
}

/**
 * Delete with the generic confirmation, Confirm and Cancel; the booked members are told, and
 * refunded if they paid. A session of a series asks first whether the later ones, or all upcoming
 * ones, go too.
 */
export function DeleteSessionDialog({ open, session, onClose }: DeleteSessionDialogProps) {
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<SeriesScope>('this');
  useEffect(() => {
    if (open) setScope('this');
  }, [open]);
  const { mutateAsync: remove } = useMutation({
    mutationFn: async ({ target, chosen }: { target: SessionAnswer; chosen: SeriesScope }) => {
      if (target.seriesId && chosen !== 'this') await deleteFromSeries(target.seriesId, target._id, chosen);
      else await deleteSession(target._id);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
  const told = session && toldText(session);
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      onConfirm={async () => {
        if (!session) return;
        await remove({ target: session, chosen: scope });
        toast.success(scope === 'this' ? SESSION_TEXTS.sessionDeleted : SESSION_TEXTS.sessionsDeleted);
      }}
    >
      {session && (
        <div className="space-y-3">
          <p>
            <span className="font-medium text-stone-900">{session.name}</span>
            {`, ${sessionDateText(session.startTime)} at ${timeRangeText(session)}`}
          </p>
          {session.seriesId && <ScopeChoices legend="Delete" scope={scope} onChange={setScope} />}
          {scope === 'this' ? (
            told && <p>{told}</p>
          ) : (
            <p>The booked members of each session will be told, and refunded if they paid.</p>
          )}
          <p>{CONFIRM_TEXT}</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
