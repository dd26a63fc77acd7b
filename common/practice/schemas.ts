import { z } from 'zod';
import { ContentAnswer } from '../content/schemas';
import { TierAnswer } from '../tiers/schemas';

/** spec 02 §3 Engagement record. */
export const EngagementAnswer = z.object({
  content: z.string(),
  isComplete: z.boolean(),
  isFavourite: z.boolean(),
  totalEngagementSeconds: z.number().int(),
});
export type EngagementAnswer = z.infer<typeof EngagementAnswer>;

/** GET app: the program page's data (facilitator) or the member's subscribed tiers. */
export const AppAnswer = z.object({
  isFacilitator: z.boolean(),
  tiers: z.array(TierAnswer),
  content: z.array(ContentAnswer),
});
export type AppAnswer = z.infer<typeof AppAnswer>;

/** GET app/content: today's practices and the member's engagement with them. */
export const TodayAnswer = z.object({
  allContent: z.array(ContentAnswer),
  allEngagedContent: z.array(EngagementAnswer),
});
export type TodayAnswer = z.infer<typeof TodayAnswer>;

/** GET app/content-history: everything released to the member, and all their engagement. */
export const HistoryAnswer = z.object({
  userContentHistory: z.array(ContentAnswer),
  userEngagementHistory: z.array(EngagementAnswer),
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
  allContent: z.array(ContentAnswer),
  userEngagementHistory: z.array(EngagementAnswer),
});
export type CourseAnswer = z.infer<typeof CourseAnswer>;

export const TrackEngagementRequest = z.object({
  content: z.string().uuid(),
  // at most 12 hours a report: a forgotten open tab must not inflate totals
  milliseconds: z.number().int().min(0).max(12 * 60 * 60 * 1000),
});
export const CreateJournalRequest = z.object({ content: z.string().uuid(), journalText: z.string().trim().min(1).max(20_000) });
export const JournalRequest = z.object({ content: z.string().uuid() });
export const JournalAnswer = z.object({
  journalEntry: z.object({ _id: z.string(), text: z.string(), createdAt: z.string() }).nullable(),
});
