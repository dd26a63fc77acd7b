import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { tiers } from './program';
import { users } from './users';

/**
 * A gift: months of a facilitator's subscription tier that one member paid for once, for someone
 * else. Paid, it is mailed on its delivery day with a claim link (only the link's hash is kept);
 * claimed, the claimer holds a 'gift' subscription to the tier until `ends_at`.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    buyerId: userRef('buyer_id'),
    /** lower-cased; may change until the gift is claimed */
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    months: integer('months').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** the delivery day on the buyer's calendar, and the moment it starts in their zone */
    deliverOn: date('deliver_on').notNull(),
    deliverAt: timestamp('deliver_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    checkoutId: text('checkout_id'),
    /** the provider's payment (a refund names it) */
    paymentRef: text('payment_ref'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** sha256 of the claim link's token; replaced on each resend, so only the latest link works */
    tokenHash: text('token_hash'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    sendCount: integer('send_count').notNull().default(0),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** the claimer's access ran out and the tier's group followed */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gifts_token_hash_idx').on(t.tokenHash),
    index('gifts_buyer_idx').on(t.buyerId, t.createdAt),
    index('gifts_claimed_by_idx').on(t.claimedBy),
    index('gifts_due_idx').on(t.deliverAt).where(sql`${t.paidAt} is not null and ${t.deliveredAt} is null`),
    check('gifts_months', sql`${t.months} in (1, 3, 6, 12)`),
  ],
);
export type Gift = typeof gifts.$inferSelect;
