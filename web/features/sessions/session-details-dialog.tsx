import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { toast } from 'sonner';
import { SESSION_MESSAGES, type SessionAnswer } from '@common/sessions/schemas';
import clsx from 'clsx';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { useBookFreeSession } from './api/book-free-session';
import { useBookWithCredit } from './api/book-with-credit';
import { useCancelBooking } from './api/cancel-booking';
import { useSessionCheckout } from './api/create-session-checkout';
import { AddToCalendarButton } from './add-to-calendar-button';
import { checkoutRedirect } from './checkout-redirect';
import { MeetingLink } from './meeting-link';
import { WatchRecordingLink } from './after/watch-recording-link';
import { FocusAfterClose } from '@web/components/focus-after-close';
import { ModalFrame } from '@web/components/modal-frame';
import { priceText, sessionDateText, timeRangeWithZone } from './session-times';
import { refundableNow, placesLeftText } from './session-places';
import { SeriesRecurrence } from './series/series-recurrence';
import { sessionSlotOf } from './session-slot';
import { SESSION_TEXTS } from './session-texts';
import { WaitlistPanel } from './waitlist-panel';
import { SeriesBookingPanel } from './series/series-booking-panel';
import { useSeriesBooking } from './series/api/series-booking';
import { WAITLIST_TEXTS } from './waitlist-texts';

type SessionDetailsDialogProps = {
  /** The session to show; none keeps the dialog closed. */
  session: SessionAnswer | null;
  onClose: () => void;
};

/** Session calendar: a member's view of a session, with Book, or Cancel booking once it is theirs. */
export function SessionDetailsDialog({ session, onClose }: SessionDetailsDialogProps) {
  // The last session stays on screen while the dialog closes.
  const [shown, setShown] = useState(session);
  if (session && session !== shown) setShown(session);
  return (
    <ModalFrame
      open={session !== null}
      onClose={onClose}
      title={shown?.name ?? ''}
      subtitle={shown && <>with {shown.facilitator.name}</>}
    >
      {shown && (
        <>
          {/* Booking redraws the session's slot, so Headless UI's return to the opener would miss it. */}
          <FocusAfterClose target={() => sessionSlotOf(shown._id)} />
          <SessionDetails key={shown._id} session={shown} onClose={onClose} />
        </>
      )}
    </ModalFrame>
  );
}

function SessionDetails({ session, onClose }: { session: SessionAnswer; onClose: () => void }) {
  const bookFree = useBookFreeSession();
  const bookCredit = useBookWithCredit();
  const cancelBooking = useCancelBooking();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const places = placesLeftText(session);
  const createSessionCheckout = useSessionCheckout();
  const [meetingUrl, setMeetingUrl] = useState<string | null>(session.bookedByMe ? session.meetingUrl : null);
  const [booked, setBooked] = useState(session.bookedByMe);
  const [error, setError] = useState<string>();
  // Stays busy after the checkout answered, until the browser has left for it.
  const [leaving, setLeaving] = useState(false);
  const paid = session.price > 0;
  // a place of my paid series booking: cancelling it refunds its share of that one payment
  const mySeries = useSeriesBooking(booked ? session.seriesId : undefined).data;
  const partOfPaidSeries = mySeries?.myBooking?.status === 'booked' && mySeries.price > 0;
  // Book goes away with the booking; focus moves to what took its place, not <body>
  const status = useRef<HTMLDivElement>(null);
  const justBooked = useRef(false);
  useEffect(() => {
    if (booked && justBooked.current) status.current?.focus();
    justBooked.current = false;
  }, [booked]);

  // a subscriber whose tier includes session credits for this paid session may book it with one
  const credits =
    paid && session.creditsLeft !== undefined && session.creditsPerPeriod !== undefined
      ? { left: session.creditsLeft, perPeriod: session.creditsPerPeriod, period: session.creditPeriod ?? 'month' }
      : null;

  async function book(withCredit = false) {
    setError(undefined);
    try {
      if (withCredit) {
        const answer = await bookCredit.mutateAsync(session._id);
        justBooked.current = true;
        setBooked(true);
        setMeetingUrl(answer.meetingUrl);
        toast.success(SESSION_TEXTS.bookedToast(session.name));
        return;
      }
      if (paid) {
        const url = await createSessionCheckout(session._id);
        setLeaving(true);
        checkoutRedirect.go(url);
        return;
      }
      const answer = await bookFree.mutateAsync(session._id);
      justBooked.current = true;
      setBooked(true);
      setMeetingUrl(answer.meetingUrl);
      toast.success(SESSION_TEXTS.bookedToast(session.name));
    } catch (failure) {
      setError(formErrorText(failure));
    }
  }

  async function cancel() {
    setError(undefined);
    try {
      const { refunded } = await cancelBooking.mutateAsync(session._id);
      toast.success(refunded ? SESSION_TEXTS.bookingCancelledRefunded : SESSION_TEXTS.bookingCancelled);
      onClose();
    } catch (failure) {
      setError(formErrorText(failure));
    }
  }

  return (
    <div className="space-y-5">
      <dl className={clsx('grid grid-cols-1 gap-3 text-sm', places ? 'sm:grid-cols-2' : 'sm:grid-cols-3')}>
        <Fact term="Date">{sessionDateText(session.startTime)}</Fact>
        <Fact term="Time">{timeRangeWithZone(session)}</Fact>
        <Fact term="Price">{priceText(session.price)}</Fact>
        {places && <Fact term={SESSION_TEXTS.places}>{places}</Fact>}
      </dl>
      <SeriesRecurrence session={session} />
      {session.description && (
        <p className="text-sm break-words whitespace-pre-line text-stone-700">{session.description}</p>
      )}
      {session.price > 0 && (
        <p className="text-sm text-stone-600">{SESSION_MESSAGES.refundBefore(session.cancellationHours)}</p>
      )}

      {booked ? (
        <div
          ref={status}
          role="status"
          tabIndex={-1}
          className="space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-4"
        >
          <p className="flex items-center gap-2 text-sm font-semibold text-brand-900">
            <CheckCircleIcon aria-hidden="true" className="size-5" />
            {SESSION_TEXTS.bookedByYou}
          </p>
          <div className="flex flex-wrap gap-2">
            {meetingUrl && <MeetingLink url={meetingUrl} />}
            <AddToCalendarButton session={{ ...session, meetingUrl, isBooked: true, bookedByMe: true }} />
            {session.recording && <WatchRecordingLink recording={session.recording} />}
            {!confirmingCancel && (
              <Button variant="secondary" onClick={() => setConfirmingCancel(true)}>
                {SESSION_TEXTS.cancelBooking}
              </Button>
            )}
          </div>
          {confirmingCancel && (
            <div className="space-y-3 border-t border-brand-100 pt-3">
              <p className="text-sm text-stone-800">
                {SESSION_TEXTS.cancelOutcome(
                  session.price,
                  refundableNow(session),
                  session.cancellationHours,
                  partOfPaidSeries,
                )}
              </p>
              {error && (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                  {error}
                </p>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={() => setConfirmingCancel(false)}>
                  {SESSION_TEXTS.keepBooking}
                </Button>
                <Button variant="danger" onClick={cancel}>
                  {SESSION_TEXTS.cancelBooking}
                </Button>
              </div>
            </div>
          )}
          {session.seriesId && (
            <SeriesBookingPanel
              session={{ ...session, seriesId: session.seriesId }}
              booked
              onBooked={() => {}}
              onCancelled={onClose}
            />
          )}
        </div>
      ) : session.isBooked ? (
        <WaitlistPanel session={session} onClose={onClose} />
      ) : (
        <>
          {session.waitlist?.position === 0 && session.waitlist.offeredUntil && (
            <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900">
              {WAITLIST_TEXTS.offered(session.waitlist.offeredUntil)}
            </p>
          )}
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          {credits && credits.left === 0 && (
            <p className="text-sm text-stone-600">
              {SESSION_MESSAGES.creditsLeftLine(0, credits.perPeriod, credits.period)}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant={credits && credits.left > 0 ? 'secondary' : undefined}
              pending={leaving}
              onClick={() => book()}
            >
              {paid ? SESSION_TEXTS.bookFor(session.price) : SESSION_TEXTS.book}
            </Button>
            {credits && credits.left > 0 && (
              <Button pending={bookCredit.isPending} onClick={() => book(true)}>
                {SESSION_MESSAGES.creditBook(credits.left, credits.perPeriod, credits.period)}
              </Button>
            )}
          </div>
          {session.seriesId && (
            <SeriesBookingPanel
              session={{ ...session, seriesId: session.seriesId }}
              booked={false}
              onBooked={(url) => {
                justBooked.current = true;
                setMeetingUrl(url);
                setBooked(true);
              }}
              onCancelled={onClose}
            />
          )}
        </>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-stone-50 px-3 py-2.5 ring-1 ring-inset ring-stone-200">
      <dt className="text-xs font-medium text-stone-500">{term}</dt>
      <dd className="mt-0.5 font-medium text-stone-900">{children}</dd>
    </div>
  );
}
