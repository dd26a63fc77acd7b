import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { offers } from './offers';
import { tiers } from './program';
import { users } from './users';

/**
 * Who brought whom: one row per referred member (referee_id is unique, so the first touch that
 * reached sign-up is the only one), written at registration when the referral code resolves to
 * another account. The referee's first payment is written once, by a conditional update of the
 * empty first_paid_at, whichever event brings it (payments/revenue.ts).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: userRef('referrer_id'),
    refereeId: userRef('referee_id').unique(),
    signedUpAt: createdAt(),
    /** the referee's first payment to any facilitator: when, to whom, for which tier (none for a session), how much */
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
    facilitatorId: uuid('facilitator_id').references(() => users.id, { onDelete: 'set null' }),
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents'),
    /** the provider object that paid it (the revenue entry's source) */
    paymentSourceId: text('payment_source_id'),
    /**
     * The reward granted to the referrer (an offer of the facilitator the referee first paid while
     * that facilitator had one chosen): set once, with reward_granted_at, by a conditional update
     * of the empty reward_granted_at. Redeemed through offer_redemptions.referral_id.
     */
    rewardId: uuid('reward_id').references(() => offers.id, { onDelete: 'set null' }),
    rewardGrantedAt: timestamp('reward_granted_at', { withTimezone: true }),
  },
  (t) => [
    // a member's counts (Settings → Referrals)
    index('referrals_referrer_idx').on(t.referrerId),
    // a facilitator's referrals, newest sign-up first (keyset on signed_up_at, id)
    index('referrals_signed_up_idx').on(sql`${t.signedUpAt} desc nulls first`, sql`${t.id} desc nulls first`),
    index('referrals_facilitator_idx').on(t.facilitatorId),
  ],
);
export type Referral = typeof referrals.$inferSelect;

/**
 * The offer a facilitator grants as their referral reward (at most one: the facilitator is the
 * key). Removing the choice, or the offer, stops new grants; rewards already granted stay.
 */
export const referralRewardChoices = pgTable('referral_reward_choices', {
  facilitatorId: uuid('facilitator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  offerId: uuid('offer_id')
    .notNull()
    .references(() => offers.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
