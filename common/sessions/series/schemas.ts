import { z } from 'zod';
import { SaveSessionRequest, SessionAnswer } from '../schemas';
import { SeriesRule } from './rule';

export { SeriesRule } from './rule';

/**
 * POST app/facilitator/session-series: the first session as the session form holds it (its start
 * and end give the local time and the duration, in the facilitator's time zone) and how it repeats.
 */
export const CreateSeriesRequest = SaveSessionRequest.and(z.object({ repeat: SeriesRule }));
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
);
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
