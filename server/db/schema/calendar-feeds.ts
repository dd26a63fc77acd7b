import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';

/**
 * A member's private calendar feed (webcal://…/calendar/<token>.ics): one per account, found by
 * the SHA-256 of its token, as sign-in tokens are, so a copy of this table opens no feed. The
 * token is also kept sealed with the app secret, so Settings can show the address again; getting
 * a new address replaces both, and turning the feed off deletes the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: userRef().primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  /** the token sealed with the app secret (platform/secrets.ts sealSecret), for Settings to show */
  tokenSealed: text('token_sealed').notNull(),
  createdAt: createdAt(),
});
export type CalendarFeed = typeof calendarFeeds.$inferSelect;

/**
 * A deleted session, kept for 30 days after its start so the calendar feeds that listed it can
 * list it as STATUS:CANCELLED: a subscribed calendar removes an event only when the feed says so
 * (an event that merely disappears may linger). Written by the session's delete, removed by a
 * daily clean-up.
 */
export const sessionTombstones = pgTable(
  'session_tombstones',
  {
    sessionId: uuid('session_id').primaryKey(),
    facilitatorId: userRef('facilitator_id'),
    /** the members who had booked it, whose feeds list the cancellation */
    memberIds: uuid('member_ids').array().notNull().default(sql`'{}'::uuid[]`),
    name: text('name').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** the session's ics_sequence plus one, as its mailed cancellation carries */
    sequence: integer('sequence').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // a facilitator's feed window
    index('session_tombstones_facilitator_start_idx').on(t.facilitatorId, t.startTime),
    // a member's feed: the tombstones whose member_ids hold them
    index('session_tombstones_member_ids_idx').using('gin', t.memberIds),
    // the daily clean-up of those more than 30 days past their start
    index('session_tombstones_start_idx').on(t.startTime),
  ],
);
export type SessionTombstone = typeof sessionTombstones.$inferSelect;
