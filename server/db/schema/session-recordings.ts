import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { content, tiers } from './program';
import { sessions } from './sessions';

/**
 * A session's recording: a content item of its facilitator that the members who booked the
 * session may see besides the item's own release rules (content/library.ts recordingGrants, the
 * one place that reads it). `contentId` null: the recording was detached (the row stays so
 * `notifiedAt` still says "Recording ready" went out). `seriesAudience` widens it to everyone
 * who booked any occurrence of the session's series; `tierId` also to that tier's subscribers.
 */
export const sessionRecordings = pgTable(
  'session_recordings',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id').references(() => content.id, { onDelete: 'set null' }),
    seriesAudience: boolean('series_audience').notNull().default(false),
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    attachedAt: timestamp('attached_at', { withTimezone: true }).notNull().defaultNow(),
    /** when "Recording ready" went to the booked members: set by one conditional update, so once per session */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  // the sessions an item is the recording of (every access check asks by content id)
  (t) => [
    index('session_recordings_content_idx').on(t.contentId),
    // the recordings a tier's subscribers also see
    index('session_recordings_tier_idx').on(t.tierId).where(sql`${t.tierId} is not null`),
  ],
);
export type SessionRecording = typeof sessionRecordings.$inferSelect;
