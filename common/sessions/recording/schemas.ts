import { z } from 'zod';

/**
 * A session's recording: a content item of the facilitator that the members who booked the
 * session may see (and, if chosen, everyone who booked the series, or a tier's subscribers).
 */
export const AttachRecordingRequest = z.object({
  contentId: z.string().uuid('Choose a content item'),
  /** also everyone who booked any session of the series (an occurrence of a series only) */
  series: z.boolean().default(false),
  /** also the active subscribers of this tier of the facilitator */
  tierId: z.string().uuid('Invalid tier').nullable().default(null),
});
export type AttachRecordingRequest = z.input<typeof AttachRecordingRequest>;

export const RecordingAnswer = z.object({
  contentId: z.string(),
  title: z.string(),
  series: z.boolean(),
  tierId: z.string().nullable(),
  attachedAt: z.string(),
  /** when "Recording ready" went to the booked members (once per session) */
  notifiedAt: z.string().nullable(),
});
export type RecordingAnswer = z.infer<typeof RecordingAnswer>;

/** GET: the recording, or null when none is attached. */
export const SessionRecordingAnswer = z.object({ recording: RecordingAnswer.nullable() });
export type SessionRecordingAnswer = z.infer<typeof SessionRecordingAnswer>;

export const DetachedRecordingAnswer = z.object({ detached: z.literal(true) });

/** What a booked member's session answers carry: the item to open. */
export const SessionRecordingLink = z.object({ contentId: z.string(), title: z.string() });
export type SessionRecordingLink = z.infer<typeof SessionRecordingLink>;
