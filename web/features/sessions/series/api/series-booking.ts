import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SeriesBookedAnswer, SeriesBookingAnswer, SeriesCancelledAnswer } from '@common/sessions/series/schemas';
import { SessionAnswer } from '@common/sessions/schemas';
import { api, getFile } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';
import { sessionsKey } from '../../api/session-keys';

/** A series' booking offer sits under `sessionsKey`, so booking or cancelling any session refreshes it. */
const seriesBookingKey = (seriesId: string) => [...sessionsKey, 'series-booking', seriesId] as const;
const path = (seriesId: string) => `app/session-series/${encodeURIComponent(seriesId)}`;

/** GET app/session-series/{id}/booking: whether the whole series may be booked, how many sessions, its price, mine. */
export const useSeriesBooking = (seriesId: string | undefined) =>
  useQuery({
    ...queryOptions({
      queryKey: seriesBookingKey(seriesId ?? ''),
      queryFn: async () => SeriesBookingAnswer.parse(await api.call(`${path(seriesId!)}/booking`)),
    }),
    enabled: Boolean(seriesId),
  });

/** POST app/session-series/{id}/book: booked at once (free), or the checkout to pay every place in one go. */
export function useBookSeries() {
  const queryClient = useQueryClient();
  // Book pressed again after a lost answer gets the booking back instead of 'already booked'
  const intent = useIntentKey();
  return useMutation({
    mutationFn: async (seriesId: string) =>
      SeriesBookedAnswer.parse(
        await api.call(`${path(seriesId)}/book`, {}, { idempotencyKey: intent.keyFor(seriesId) }),
      ),
    onSuccess: () => intent.done(),
    // on failure too: a 409 means the calendar is out of date
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** POST app/session-series/{id}/cancel-booking: every remaining place ends; `refunded` is what comes back (dollars). */
export function useCancelSeriesBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (seriesId: string) =>
      SeriesCancelledAnswer.parse(await api.call(`${path(seriesId)}/cancel-booking`, {})),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** GET app/session/{id}: one session as the viewer sees it now (its meeting link once booked). */
export async function sessionNow(sessionId: string) {
  return SessionAnswer.parse(await api.call(`app/session/${encodeURIComponent(sessionId)}`));
}

/** GET app/session-series/{id}/booking.ics, saved as a file: the booked series as one calendar event. */
export async function downloadSeriesIcs(seriesId: string, name: string) {
  const file = await getFile(`${path(seriesId)}/booking.ics`);
  if (!file) return;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'series'
  }.ics`;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
