import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';

/**
 * A member's block of another member: one row per pair and direction (the primary key guards it
 * once), never of oneself (the check). It closes direct messages both ways, collapses the blocked
 * person's posts and comments for the blocker and drops their notifications to the blocker; it
 * never touches content, the library or billing.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // who blocked me: the notification filter and account deletion's cascade
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
export type Block = typeof blocks.$inferSelect;
