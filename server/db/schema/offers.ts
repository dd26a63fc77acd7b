import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { tiers } from './program';
import { users } from './users';

/**
 * An offer: a code a facilitator shares that takes money off one of their tiers (a percent or a
 * fixed amount, for the first payment, N months or for good) or gives free days first. Its code is
 * unique per facilitator whatever its case. `used` counts the redemptions held by open checkouts
 * and those confirmed by a payment: the database refuses to let it pass the limit (a check), and
 * a reservation is one conditional UPDATE of this row (offers/redemptions.ts).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilitatorId: userRef('facilitator_id'),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount', 'trial'] }).notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** how long a discount lasts: the first payment, N months, or for good (null for a trial offer) */
    duration: text('duration', { enum: ['once', 'repeating', 'forever'] }),
    durationMonths: integer('duration_months'),
    trialDays: integer('trial_days'),
    /** no new checkout takes the offer from this moment on (null: no end) */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** how many members may redeem it (null: no limit) */
    redemptionLimit: integer('redemption_limit'),
    /** redemptions reserved by open checkouts plus those confirmed by a payment */
    used: integer('used').notNull().default(0),
    /** redemptions confirmed by a payment */
    redeemed: integer('redeemed').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** the provider's coupon and promotion code, created at the offer's first Stripe checkout */
    stripeCouponId: text('stripe_coupon_id'),
    stripePromotionCodeId: text('stripe_promotion_code_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('offers_facilitator_code_idx').on(t.facilitatorId, sql`lower(${t.code})`),
    index('offers_tier_idx').on(t.tierId),
    check('offers_used_within_limit', sql`${t.redemptionLimit} is null or ${t.used} <= ${t.redemptionLimit}`),
    check('offers_counts_positive', sql`${t.used} >= 0 and ${t.redeemed} >= 0 and ${t.redeemed} <= ${t.used}`),
  ],
);
export type Offer = typeof offers.$inferSelect;

/**
 * One member's use of an offer: reserved when their checkout opens, confirmed when it is paid,
 * released when it expires or is replaced. Only a move out of 'reserved' changes the offer's
 * counts, and each move is a conditional UPDATE of this row, so it counts once.
 */
export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A referral reward's redemption: bound to the referral that granted it, it does not count
     * against the offer's public limit, and a partial unique index lets it be held or used once.
     */
    referralId: uuid('referral_id'),
    /** the checkout holding it (set once the provider has opened it) */
    checkoutId: text('checkout_id'),
    status: text('status', { enum: ['reserved', 'confirmed', 'released'] })
      .notNull()
      .default('reserved'),
    /** a reservation not confirmed by then is released (the checkout can no longer be paid) */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('offer_redemptions_offer_idx').on(t.offerId, t.status, t.expiresAt),
    index('offer_redemptions_user_idx').on(t.userId),
    uniqueIndex('offer_redemptions_one_per_referral_idx')
      .on(t.referralId)
      .where(sql`${t.referralId} is not null and ${t.status} <> 'released'`),
  ],
);
