import { useState } from 'react';
import { toast } from 'sonner';
import type { SessionAnswer } from '@common/sessions/schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { ModalFrame } from '@web/components/modal-frame';
import { PersonAvatar, type Person } from '@web/components/person-link';
import { useRemoveBooking } from './api/remove-booking';
import { AttendanceChecklist } from './after/attendance-checklist';
import { RecordingPanel } from './after/recording-panel';
import { placesLeftText } from './session-places';
import { sessionDateText, timeRangeWithZone } from './session-times';
import { SESSION_TEXTS } from './session-texts';
import { WaitlistList } from './waitlist-list';

type SessionBookersDialogProps = { session: SessionAnswer | null; onClose: () => void };

/** The facilitator's list of who booked a session, each with Remove (told, and refunded if they paid). */
export function SessionBookersDialog({ session, onClose }: SessionBookersDialogProps) {
  // The last session stays on screen while the dialog closes.
  const [shown, setShown] = useState(session);
  // members removed while the dialog is open leave its list at once (the calendar reloads too)
  const [removed, setRemoved] = useState<string[]>([]);
  if (session && session !== shown) {
    setShown(session);
    if (session._id !== shown?._id) setRemoved([]);
  }
  const [removing, setRemoving] = useState<Person | null>(null);
  const { mutateAsync: remove } = useRemoveBooking();
  const bookers = (shown?.bookers ?? []).filter((b) => !removed.includes(b._id));
  return (
    <>
      <ModalFrame
        open={session !== null && removing === null}
        onClose={onClose}
        title={shown ? SESSION_TEXTS.bookersOf(shown.name) : ''}
        subtitle={shown && `${sessionDateText(shown.startTime)}, ${timeRangeWithZone(shown)}`}
      >
        {shown && (
          <div className="space-y-4">
            <p className="text-sm font-medium text-stone-700">
              {SESSION_TEXTS.bookedCount(bookers.length, shown.capacity)}
              {shown.capacity > 1 && (
                <span className="text-stone-500">
                  {' · '}
                  {placesLeftText({
                    ...shown,
                    placesLeft: shown.placesLeft + (shown.bookers ?? []).length - bookers.length,
                  })}
                </span>
              )}
            </p>
            {new Date(shown.startTime) <= new Date() ? (
              <AttendanceChecklist sessionId={shown._id} />
            ) : bookers.length === 0 ? (
              <p className="rounded-xl bg-stone-50 px-3 py-4 text-sm text-stone-600">{SESSION_TEXTS.noBookers}</p>
            ) : (
              <ul aria-label={SESSION_TEXTS.bookers} className="divide-y divide-stone-200">
                {bookers.map((booker) => (
                  <li key={booker._id} className="flex items-center gap-3 py-2.5">
                    <PersonAvatar person={booker} className="size-9 text-sm" />
                    <span className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900">{booker.name}</span>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={SESSION_TEXTS.removeBooker(booker.name)}
                      onClick={() => setRemoving(booker)}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <WaitlistList session={shown} />
            {new Date(shown.startTime) <= new Date() && <RecordingPanel session={shown} />}
            <div className="flex justify-end">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </div>
          </div>
        )}
      </ModalFrame>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? SESSION_TEXTS.removeBooker(removing.name) : ''}
        confirmLabel="Remove"
        onConfirm={async () => {
          if (!shown || !removing) return;
          await remove({ sessionId: shown._id, memberId: removing._id });
          toast.success(SESSION_TEXTS.bookerRemoved(removing.name));
          setRemoved((ids) => [...ids, removing._id]);
        }}
      >
        {removing && shown && <p>{SESSION_TEXTS.removeBookerOutcome(removing.name, shown.price)}</p>}
      </ConfirmDialog>
    </>
  );
}
