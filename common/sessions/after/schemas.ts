import { z } from 'zod';

// After a session: the facilitator's attendance list, the member's join click and their rating.

/** A booked member's attendance: true attended, false no-show, null not marked yet. */
export const Attendance = z.boolean().nullable();

/** One booked member in the facilitator's attendance list. */
export const AttendeeAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  attended: Attendance,
  /** when they clicked the join link, if they did */
  joinedAt: z.string().nullable(),
});
export type AttendeeAnswer = z.infer<typeof AttendeeAnswer>;

export const AttendanceAnswer = z.object({
  /** attendance can be marked once the session has started */
  started: z.boolean(),
  members: z.array(AttendeeAnswer),
});
export type AttendanceAnswer = z.infer<typeof AttendanceAnswer>;

export const MarkAttendanceRequest = z.object({
  memberId: z.string().uuid('Invalid id'),
  attended: Attendance,
});
export type MarkAttendanceRequest = z.infer<typeof MarkAttendanceRequest>;

/** The join click's answer: where the meeting is (the booked member's or facilitator's only). */
export const JoinAnswer = z.object({ meetingUrl: z.string() });

export const RATING_COMMENT_MAX = 1000;
export const RateSessionRequest = z.object({
  rating: z.number().int('Choose 1 to 5').min(1, 'Choose 1 to 5').max(5, 'Choose 1 to 5'),
  comment: z.string().trim().max(RATING_COMMENT_MAX, `At most ${RATING_COMMENT_MAX} characters`).optional(),
});
export type RateSessionRequest = z.infer<typeof RateSessionRequest>;
export const RatedAnswer = z.object({ rated: z.literal(true) });

/** A session waiting for the member's rating: the in-app "How was it?" card. */
export const FeedbackPromptAnswer = z.object({
  sessionId: z.string(),
  name: z.string(),
  endTime: z.string(),
  facilitatorName: z.string(),
});
export type FeedbackPromptAnswer = z.infer<typeof FeedbackPromptAnswer>;
export const FeedbackPromptsAnswer = z.array(FeedbackPromptAnswer);

/** The facilitator's view of a session's ratings. */
export const SessionFeedbackAnswer = z.object({
  /** the mean rating, to one decimal; null before the first rating */
  average: z.number().nullable(),
  count: z.number().int(),
  comments: z.array(z.object({ name: z.string(), rating: z.number().int(), comment: z.string() })),
});
export type SessionFeedbackAnswer = z.infer<typeof SessionFeedbackAnswer>;
