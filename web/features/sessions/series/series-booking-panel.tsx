import { useState } from 'react';
import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import { toast } from 'sonner';
import type { SessionAnswer } from '@common/sessions/schemas';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { checkoutRedirect } from '../checkout-redirect';
import {
  downloadSeriesIcs,
  sessionNow,
  useBookSeries,
  useCancelSeriesBooking,
  useSeriesBooking,
} from './api/series-booking';
import { SERIES_BOOKING_TEXTS as TEXTS } from './series-booking-texts';

type Props = {
  session: SessionAnswer & { seriesId: string };
  /** the member holds a booked place in this session */
  booked: boolean;
  /** booked: this session's meeting link, when it could be read */
  onBooked: (meetingUrl: string | null) => void;
  onCancelled: () => void;
};

/**
 * The session dialog's part about the whole series: 'Book all N remaining sessions' (with the
 * series price when it is paid at once) beside the single booking, or, for a member who booked
 * the series, 'Booked as part of the series' with its calendar file and 'Cancel the whole series'.
 */
export function SeriesBookingPanel({ session, booked, onBooked, onCancelled }: Props) {
  const offer = useSeriesBooking(session.seriesId);
  const book = useBookSeries();
  const cancel = useCancelSeriesBooking();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);

  if (offer.isPending)
    return (
      <p role="status" className="text-sm text-stone-600">
        {TEXTS.loading}
      </p>
    );
  if (offer.isError)
    return (
      <p className="text-sm text-stone-600">
        {TEXTS.loadFailed}{' '}
        <button type="button" className="font-medium text-brand-700 underline" onClick={() => offer.refetch()}>
          Try again
        </button>
      </p>
    );
  const { data } = offer;
  const mine = data.myBooking;

  async function bookAll() {
    setError(undefined);
    try {
      const answer = await book.mutateAsync(session.seriesId);
      if (answer.status === 'checkout' && answer.url) {
        setLeaving(true);
        checkoutRedirect.go(answer.url);
        return;
      }
      toast.success(TEXTS.bookedToast(session.name, answer.places));
      // the link shows once booked; the booking stands even if this read fails
      onBooked(
        await sessionNow(session._id).then(
          (s) => s.meetingUrl,
          () => null,
        ),
      );
    } catch (failure) {
      setError(formErrorText(failure));
    }
  }

  async function cancelAll() {
    setError(undefined);
    try {
      const answer = await cancel.mutateAsync(session.seriesId);
      toast.success(TEXTS.seriesCancelledToast(answer.refunded));
      onCancelled();
    } catch (failure) {
      setError(formErrorText(failure));
    }
  }

  const alert = error && (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );

  if (mine?.status === 'booked' && booked)
    return (
      <div className="space-y-3 border-t border-brand-100 pt-3" data-testid="series-booking">
        <p className="text-sm font-medium text-brand-900">{TEXTS.partOfSeries}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => downloadSeriesIcs(session.seriesId, session.name)}>
            <CalendarDaysIcon aria-hidden="true" className="size-4" />
            {TEXTS.addSeriesToCalendar}
          </Button>
          {!confirming && (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              {TEXTS.cancelSeries}
            </Button>
          )}
        </div>
        {confirming && (
          <div className="space-y-3">
            <p className="text-sm text-stone-800">
              {TEXTS.cancelSeriesOutcome(data.price > 0, session.cancellationHours)}
            </p>
            {alert}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {TEXTS.keepSeries}
              </Button>
              <Button variant="danger" pending={cancel.isPending} onClick={cancelAll}>
                {TEXTS.cancelSeries}
              </Button>
            </div>
          </div>
        )}
      </div>
    );

  if (mine?.status === 'held') return <p className="text-sm text-stone-600">{TEXTS.heldPaying}</p>;
  const offered = data.wholeSeriesBooking && data.remaining > 0 && !mine && !booked;
  // a paid series booked whole only when it is paid at once; otherwise each session is booked on its own
  if (!offered || (data.seriesPayment === 'per_occurrence' && data.paid)) return null;
  if (data.seriesPayment === 'per_occurrence' && session.price > 0) return null;
  return (
    <div className="space-y-2" data-testid="series-booking">
      {alert}
      <div className="flex flex-col gap-1 sm:items-end">
        <Button pending={book.isPending || leaving} onClick={bookAll} aria-describedby={`series-hint-${session._id}`}>
          {TEXTS.bookAll(data.remaining, data.price)}
        </Button>
        <p id={`series-hint-${session._id}`} className="text-xs text-stone-600">
          {TEXTS.bookAllHint(data.remaining)}
        </p>
      </div>
    </div>
  );
}
