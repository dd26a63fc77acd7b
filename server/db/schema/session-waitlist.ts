import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { sessions } from './sessions';

/**
 * A full session's waitlist: members in the order they joined. An entry is 'waiting' in line,
 * 'offered' while a paid session holds a place for them until `offerUntil`, and ends 'promoted'
 * (they got the place), 'left' (they left the line), 'lapsed' (an offer ran out unpaid) or 'closed' (the session was
 * cancelled; the row then goes with the session).
 * Entries are moved on under the session row's lock (sessions/waitlist.ts), like places.
 */
export const sessionWaitlist = pgTable(
  'session_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    memberId: userRef('member_id'),
    status: text('status', { enum: ['waiting', 'offered', 'promoted', 'left', 'lapsed', 'closed'] }).notNull(),
    /** an offered place is held for them until then */
    offerUntil: timestamp('offer_until', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // one live entry per member and session
    uniqueIndex('session_waitlist_one_live_idx')
      .on(t.sessionId, t.memberId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    // a session's line, in order
    index('session_waitlist_line_idx').on(t.sessionId, t.joinedAt).where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);
export type SessionWaitlistEntry = typeof sessionWaitlist.$inferSelect;
