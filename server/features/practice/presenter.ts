import type { EngagementAnswer } from '../../../common/practice/schemas';
import type { engagement, journalEntries } from '../../db/schema';

/** The wire shapes of the practice feature (the daily practice calls). */

/** A member's progress on one item: done, favourite, and time spent in whole seconds. */
export const presentEngagement = (e: typeof engagement.$inferSelect): EngagementAnswer => ({
  content: e.contentId,
  isComplete: e.isComplete,
  isFavourite: e.isFavourite,
  totalEngagementSeconds: Math.floor(e.totalEngagementMs / 1000),
});

export const presentJournalEntry = (e: typeof journalEntries.$inferSelect) => ({
  _id: e.id,
  text: e.text,
  createdAt: e.createdAt.toISOString(),
});
