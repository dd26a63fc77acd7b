import { z } from 'zod';
import { SaveSessionRequest, SESSION_MAX_PRICE, SessionAnswer } from '../schemas';
import { SeriesRule } from './rule';

export { SeriesRule } from './rule';

/** How a paid series is paid when booked whole: each occurrence on its own, or once for all of them. */
export const SeriesPayment = z.enum(['per_occurrence', 'whole_series']);
export type SeriesPayment = z.infer<typeof SeriesPayment>;

/**
 * The facilitator's series booking settings, optional on create and edit (left out: unchanged, or
 * off for a new series): whether members may book every remaining occurrence at once, how a paid
 * series is then paid, and for 'whole_series' its price in dollars (null: the sum of the
 * remaining occurrences' prices).
 */
export const SeriesBookingSettings = z.object({
  wholeSeriesBooking: z.boolean().optional(),
  seriesPayment: SeriesPayment.optional(),
  seriesPrice: z.number().min(0, 'Price cannot be negative').max(SESSION_MAX_PRICE).nullable().optional(),
});
export type SeriesBookingSettings = z.infer<typeof SeriesBookingSettings>;

/**
 * POST app/facilitator/session-series: the first session as the session form holds it (its start
 * and end give the local time and the duration, in the facilitator's time zone) and how it repeats.
 */
export const CreateSeriesRequest = SaveSessionRequest.and(z.object({ repeat: SeriesRule })).and(SeriesBookingSettings);
export type CreateSeriesRequest = z.infer<typeof CreateSeriesRequest>;

/** Which sessions of a series a change or a deletion reaches, from the one it was made on. */
export const SeriesScope = z.enum(['this', 'following', 'all']);
export type SeriesScope = z.infer<typeof SeriesScope>;

/**
 * POST app/facilitator/session-series/{id}/edit: the session form's values for the occurrence
 * `sessionId`, applied to it alone ('this'), to it and the later ones (a new series from it), or
 * to every upcoming occurrence that has no change of its own ('all'). A new `repeat` changes the
 * rule from that occurrence on.
 */
export const EditSeriesRequest = SaveSessionRequest.and(
  z.object({ scope: SeriesScope, sessionId: z.string().uuid(), repeat: SeriesRule.optional() }),
).and(SeriesBookingSettings);
export type EditSeriesRequest = z.infer<typeof EditSeriesRequest>;

/** POST app/facilitator/session-series/{id}/delete: the occurrence, the later ones too, or every upcoming one. */
export const DeleteSeriesRequest = z.object({ scope: SeriesScope, sessionId: z.string().uuid() });
export type DeleteSeriesRequest = z.infer<typeof DeleteSeriesRequest>;

/** A series: its rule and template, and its occurrences so far (materialised ahead of time). */
export const SeriesAnswer = z.object({
  _id: z.string(),
  /** 'Weekly on Mon, Wed · 07:00', in the series' zone */
  summary: z.string(),
  rule: SeriesRule,
  /** the RRULE value (RFC 5545) without DTSTART */
  rrule: z.string(),
  timeZone: z.string(),
  /** the first occurrence's local start, YYYY-MM-DDTHH:mm in `timeZone` */
  localStart: z.string(),
  durationMinutes: z.number(),
  name: z.string(),
  description: z.string(),
  /** dollars */
  price: z.number(),
  meetingUrl: z.string(),
  /** the local dates of cancelled occurrences (EXDATE) */
  cancelledDates: z.array(z.string()),
  occurrences: z.array(SessionAnswer),
  /** the series booking settings (SeriesBookingSettings), as stored */
  wholeSeriesBooking: z.boolean().optional(),
  seriesPayment: SeriesPayment.optional(),
  seriesPrice: z.number().nullable().optional(),
});
export type SeriesAnswer = z.infer<typeof SeriesAnswer>;

/** An edit's outcome: the series the edited occurrence belongs to now, and that occurrence (null once gone). */
export const SeriesEditAnswer = z.object({ seriesId: z.string(), session: SessionAnswer.nullable() });
export type SeriesEditAnswer = z.infer<typeof SeriesEditAnswer>;

export const SeriesDeletedAnswer = z.object({ deleted: z.number() });

/** GET app/facilitator/session-series: the facilitator's own series, by name (a tier's credits may be limited to some). */
export const OwnSeriesItem = z.object({
  _id: z.string(),
  name: z.string(),
  /** 'Weekly on Mon, Wed · 07:00', in the series' zone */
  summary: z.string(),
  /** the last date it runs to, YYYY-MM-DD in its zone */
  lastDate: z.string(),
});
export type OwnSeriesItem = z.infer<typeof OwnSeriesItem>;
export const OwnSeriesListAnswer = z.array(OwnSeriesItem);
/**
 * GET app/session-series/{id}/booking: what booking the whole series means for the viewer. `remaining`
 * the occurrences not started and not cancelled; `price` (dollars) what one series booking costs
 * now (0: free, or the occurrences are paid one by one when `seriesPayment` is 'per_occurrence');
 * `myBooking` the viewer's live series booking.
 */
export const SeriesBookingAnswer = z.object({
  seriesId: z.string(),
  wholeSeriesBooking: z.boolean(),
  seriesPayment: SeriesPayment,
  remaining: z.number(),
  price: z.number(),
  /** whether booking the series opens a checkout (a paid 'whole_series') */
  paid: z.boolean(),
  myBooking: z.object({ _id: z.string(), status: z.enum(['held', 'booked']), places: z.number() }).nullable(),
});
export type SeriesBookingAnswer = z.infer<typeof SeriesBookingAnswer>;

/** POST app/session-series/{id}/book: booked (free), or the checkout to pay every place at once. */
export const SeriesBookedAnswer = z.object({
  status: z.enum(['booked', 'checkout']),
  /** the places booked or held, one per remaining occurrence */
  places: z.number(),
  url: z.string().optional(),
});
export type SeriesBookedAnswer = z.infer<typeof SeriesBookedAnswer>;

/** POST app/session-series/{id}/cancel-booking: every remaining place ended, and what was refunded (dollars). */
export const SeriesCancelledAnswer = z.object({ cancelled: z.literal(true), places: z.number(), refunded: z.number() });
export type SeriesCancelledAnswer = z.infer<typeof SeriesCancelledAnswer>;
