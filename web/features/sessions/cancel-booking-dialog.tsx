import { toast } from 'sonner';
import type { SessionAnswer } from '@common/sessions/schemas';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useCancelBooking } from './api/cancel-booking';
import { refundableNow } from './session-places';
import { sessionDateText, timeRangeText } from './session-times';
import { SESSION_TEXTS } from './session-texts';

type CancelBookingDialogProps = {
  open: boolean;
  session: SessionAnswer | null;
  onClose: () => void;
  /** after the place was given back */
  onCancelled?: () => void;
  focusAfterClose?: () => HTMLElement | null | undefined;
};

/**
 * A member cancelling their own place, told before they confirm whether their payment comes
 * back: it does before the session's refund window, not inside it.
 */
export function CancelBookingDialog({
  open,
  session,
  onClose,
  onCancelled,
  focusAfterClose,
}: CancelBookingDialogProps) {
  const { mutateAsync: cancel } = useCancelBooking();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={session ? SESSION_TEXTS.cancelBookingTitle(session.name) : SESSION_TEXTS.cancelBooking}
      confirmLabel={SESSION_TEXTS.cancelBooking}
      cancelLabel={SESSION_TEXTS.keepBooking}
      focusAfterClose={focusAfterClose}
      onConfirm={async () => {
        if (!session) return;
        const { refunded } = await cancel(session._id);
        toast.success(refunded ? SESSION_TEXTS.bookingCancelledRefunded : SESSION_TEXTS.bookingCancelled);
        onCancelled?.();
      }}
    >
      {session && (
        <div className="space-y-2">
          <p>
            <span className="font-medium text-stone-900">{session.name}</span>
            {`, ${sessionDateText(session.startTime)} at ${timeRangeText(session)}`}
          </p>
          <p>{SESSION_TEXTS.cancelOutcome(session.price, refundableNow(session), session.cancellationHours)}</p>
        </div>
      )}
    </ConfirmDialog>
  );
}
