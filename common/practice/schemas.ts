import { z } from 'zod';
import { ContentAnswer, ReleasedContentAnswer } from '../content/schemas';
import { TierAnswer } from '../tiers/schemas';

/** Engagement record. */
export const EngagementAnswer = z.object({
  content: z.string(),
  isComplete: z.boolean(),
  isFavourite: z.boolean(),
  totalEngagementSeconds: z.number().int(),
});
export type EngagementAnswer = z.infer<typeof EngagementAnswer>;

/**
 * GET app/complete-content/{id} and app/favourite-content/{id}: without `value` the call flips the
 * flag (as it always has); with it, the flag is set to that value, so a call replayed from the
 * offline queue, or sent twice, leaves the same state however often it arrives.
 */
export const EngagementFlagQuery = z.object({ value: z.enum(['true', 'false']).optional() });

/**
 * POST app/accessible-content: which of these items the member may still practise (open, play,
 * mark done), in one call; the app drops what it saved for offline of the others.
 */
export const AccessibleContentRequest = z.object({ content: z.array(z.string().uuid()).min(1).max(500) });
/** The asked ids the member may still practise, in the order asked; the rest are gone or no longer theirs. */
export const AccessibleContentAnswer = z.object({ accessible: z.array(z.string()) });

/** GET app: the program page's data (facilitator) or the member's subscribed tiers. */
export const AppAnswer = z.object({
  isFacilitator: z.boolean(),
  tiers: z.array(TierAnswer),
  content: z.array(ContentAnswer),
});
export type AppAnswer = z.infer<typeof AppAnswer>;

/** GET app/content: today's practices and the member's engagement with them. */
export const TodayAnswer = z.object({
  allContent: z.array(ReleasedContentAnswer),
  allEngagedContent: z.array(EngagementAnswer),
});
export type TodayAnswer = z.infer<typeof TodayAnswer>;

/**
 * GET app/content-history?after=&limit=&favourites=: one keyset page of what was released to the
 * member, in release order (oldest first, a queue and a course in their order), and all their
 * engagement. `nextCursor` is null on the last page.
 */
export const HistoryQuery = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  favourites: z.enum(['true', 'false']).optional(),
});
export type HistoryQuery = z.input<typeof HistoryQuery>;
/**
 * A page of what was released to the member: the engagement of that page's items, and the
 * member's whole engagement time (the daily page's total) beside it.
 */
export const HistoryAnswer = z.object({
  userContentHistory: z.array(ReleasedContentAnswer),
  userEngagementHistory: z.array(EngagementAnswer),
  totalEngagementSeconds: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type HistoryAnswer = z.infer<typeof HistoryAnswer>;

export const CourseSummary = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  facilitator: z.object({ _id: z.string(), name: z.string() }),
});
export const FullCoursesAnswer = z.array(CourseSummary);
export type CourseSummary = z.infer<typeof CourseSummary>;

/** GET app/course/{id}. */
export const CourseAnswer = z.object({
  tier: TierAnswer,
  /** In release order: queue position, then posted time. */
  allContent: z.array(ReleasedContentAnswer),
  userEngagementHistory: z.array(EngagementAnswer),
});
export type CourseAnswer = z.infer<typeof CourseAnswer>;

export const TrackEngagementRequest = z.object({
  content: z.string().uuid(),
  // at most 12 hours a report: a forgotten open tab must not inflate totals
  milliseconds: z
    .number()
    .int()
    .min(0)
    .max(12 * 60 * 60 * 1000),
});
export const CreateJournalRequest = z.object({
  content: z.string().uuid(),
  journalText: z.string().trim().min(1).max(20_000),
});
export const JournalRequest = z.object({ content: z.string().uuid() });
export const JournalAnswer = z.object({
  journalEntry: z.object({ _id: z.string(), text: z.string(), createdAt: z.string() }).nullable(),
});
/** GET app/increase-content-hits/{id}: the item's total opens after this one. */
export const HitCountAnswer = z.object({ hitCount: z.number().int() });
/** POST app/create-journal */
export const CreatedJournalAnswer = z.object({
  journalEntry: z.object({ _id: z.string(), text: z.string(), createdAt: z.string() }),
});

/** The longest recording a position is kept for: a day, in seconds. */
export const MAX_PLAYBACK_SECONDS = 24 * 60 * 60;
/** Stopped this close to the end, an item counts as finished: the next open starts at 0. */
export const FINISHED_WITHIN_SECONDS = 5;

/**
 * PUT app/playback-position/{id}: where the member is in the item's audio or video, in seconds
 * (fractions allowed), and how long it lasts. A place beyond the end is refused.
 */
export const SavePlaybackPositionRequest = z
  .object({
    position: z.number().min(0).max(MAX_PLAYBACK_SECONDS),
    duration: z.number().positive().max(MAX_PLAYBACK_SECONDS),
  })
  .refine((p) => p.position <= p.duration, {
    message: 'The position must lie within the duration',
    path: ['position'],
  });
export type SavePlaybackPositionRequest = z.infer<typeof SavePlaybackPositionRequest>;

/**
 * GET (and PUT) app/playback-position/{id}: the member's own place in an item. `position` is where
 * they stopped (0 and `duration` null when nothing was saved), `resumeAt` where the next open
 * starts: the position, or 0 once `finished` (stopped within the last few seconds).
 */
export const PlaybackPositionAnswer = z.object({
  content: z.string(),
  position: z.number().nonnegative(),
  duration: z.number().positive().nullable(),
  resumeAt: z.number().nonnegative(),
  finished: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PlaybackPositionAnswer = z.infer<typeof PlaybackPositionAnswer>;
