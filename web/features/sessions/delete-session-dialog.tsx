import { toast } from 'sonner';
import type { SessionAnswer } from '@common/sessions/schemas';
import { ConfirmDialog, CONFIRM_TEXT } from '@web/components/confirm-dialog';
import { useDeleteSession } from './api/delete-session';
import { priceText, sessionDateText, timeRangeText } from './session-times';
import { SESSION_TEXTS } from './session-texts';

type DeleteSessionDialogProps = { open: boolean; session: SessionAnswer | null; onClose: () => void };

/**
 * Delete with the generic confirmation, Confirm and Cancel; a booked
 * session's booker is told, and refunded if they paid.
 */
export function DeleteSessionDialog({ open, session, onClose }: DeleteSessionDialogProps) {
  const { mutateAsync: deleteSession } = useDeleteSession();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      onConfirm={async () => {
        if (!session) return;
        await deleteSession(session._id);
        toast.success(SESSION_TEXTS.sessionDeleted);
      }}
    >
      {session && (
        <div className="space-y-2">
          <p>
            <span className="font-medium text-stone-900">{session.name}</span>
            {`, ${sessionDateText(session.startTime)} at ${timeRangeText(session)}`}
          </p>
          {session.isBooked && (
            <p>
              {session.bookedBy?.name ?? 'The member who booked it'} will be told
              {session.price > 0 ? `, and refunded ${priceText(session.price)}` : ''}.
            </p>
          )}
          <p>{CONFIRM_TEXT}</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
