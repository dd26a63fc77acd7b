import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { groups } from './groups';
import { tiers } from './program';

/**
 * A membership request: pending -> approved | rejected; approved -> rejected (Remove). It points
 * at a group and at the tier that may have granted it, so it has a file of its own: program.ts
 * (a tier points at its group) imports groups.ts, and nothing imports back.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    requestText: text('request_text').notNull().default(''),
    /**
     * The tier whose subscription made this an approved membership (the tier's associated
     * group); null when the member joined on their own, so ending the subscription leaves it.
     */
    grantedByTierId: uuid('granted_by_tier_id').references(() => tiers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // one request per person and group
    uniqueIndex('memberships_group_user_idx').on(t.groupId, t.userId),
    // a user's groups (My Groups, access checks)
    index('memberships_user_idx').on(t.userId, t.status),
    // places a tier granted (the sweep of places whose access ended by its date)
    index('memberships_tier_granted_idx').on(t.grantedByTierId).where(sql`${t.grantedByTierId} is not null`),
  ],
);
