import {
  type EngagementAnswer,
  FINISHED_WITHIN_SECONDS,
  type PlaybackPositionAnswer,
} from '../../../common/practice/schemas';
import type { engagement, journalEntries, PlaybackPosition } from '../../db/schema';

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

/**
 * A member's place in an item: where they stopped, and where the next open starts (the start again
 * once they stopped within the last few seconds). Nothing saved reads as the start.
 */
export function presentPlaybackPosition(contentId: string, row: PlaybackPosition | undefined): PlaybackPositionAnswer {
  if (!row) return { content: contentId, position: 0, duration: null, resumeAt: 0, finished: false, updatedAt: null };
  const finished = row.durationSeconds - row.positionSeconds <= FINISHED_WITHIN_SECONDS;
  return {
    content: row.contentId,
    position: row.positionSeconds,
    duration: row.durationSeconds,
    resumeAt: finished ? 0 : row.positionSeconds,
    finished,
    updatedAt: row.updatedAt.toISOString(),
  };
}
