import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { offers } from './offers';
import { tiers } from './program';
import { users } from './users';
import { createdAt, userRef } from './columns';

/** Provider events already applied: the id is unique, written in the same transaction as the effect. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A revenue entry: every amount paid to a facilitator, renewals included. */
export const revenueEntries = pgTable(
  'revenue_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilitatorId: userRef('facilitator_id'),
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    /** kept so the chart still names a deleted tier */
    tierName: text('tier_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** the provider object that paid it (invoice or checkout session): one entry each */
    sourceId: text('source_id').notNull().unique(),
    /** a payment, or money going back: a refund or a lost dispute (negative amounts) */
    kind: text('kind', { enum: ['payment', 'refund', 'dispute'] })
      .notNull()
      .default('payment'),
    /** the member who paid (null once their account is deleted) */
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'set null' }),
    /** the provider's payment (payment intent) behind it, to refund it and to match refunds and disputes */
    paymentRef: text('payment_ref'),
    /** Tend's platform fee taken from it, in cents (negative on reversals) */
    feeCents: integer('fee_cents').notNull().default(0),
    /** a dispute on the payment: 'open', 'won' or 'lost' */
    disputeStatus: text('dispute_status', { enum: ['open', 'won', 'lost'] }),
    /** the offer the member subscribed or bought through (kept on every payment it led to) */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** the offer's code, kept for exports once the offer is gone */
    offerCode: text('offer_code'),
    /** what the offer took off this payment, in cents (0: full price) */
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [
    // the earnings chart: one facilitator's entries in a time window
    index('revenue_facilitator_time_idx').on(t.facilitatorId, t.occurredAt),
    // refunds and disputes find the payment they reverse
    index('revenue_payment_ref_idx').on(t.paymentRef),
    // a member's paid-to-date per tier (the facilitator's members list)
    index('revenue_member_idx').on(t.memberId, t.tierId),
  ],
);

/**
 * The earnings chart's daily rollup: revenue per facilitator, local day (in the
 * facilitator's time zone) and tier, kept by triggers of migration 0032 in the same transaction
 * as each revenue entry (insert, update, delete) and rebuilt when the facilitator's zone changes.
 * `tier_key` is the chart's tier key: the tier id, or the name once the tier is deleted.
 */
export const revenueDaily = pgTable(
  'revenue_daily',
  {
    facilitatorId: uuid('facilitator_id').notNull(),
    day: date('day').notNull(),
    tierKey: text('tier_key').notNull(),
    tierName: text('tier_name').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.facilitatorId, t.day, t.tierKey, t.tierName] })],
);

/** Checkout sessions Tend opened, so a completion can be matched to its member and tier. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    mode: text('mode', { enum: ['subscription', 'payment'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired', 'refunded'] })
      .notNull()
      .default('open'),
    /** 'test' (Tend's own hosted page) or 'stripe' (a Checkout Session Tend opened) */
    provider: text('provider', { enum: ['test', 'stripe'] })
      .notNull()
      .default('test'),
    /** the hosted page's address, so an open checkout is reused instead of opening a second */
    url: text('url'),
    /** the bookable session paid for, when it is one */
    sessionId: uuid('session_id'),
    /** when the provider stops accepting payment on it */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** what the checkout is for, JSON (userId, tierId or sessionId), handed back on completion */
    metadata: text('metadata').notNull().default('{}'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** the offer applied to it: a checkout is handed out again only with the same offer */
    offerId: uuid('offer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId, t.status),
    // A member has at most one open checkout of a tier, and of a session, at each provider, whichever
    // instance opened it: a unique index the database checks, not a lock held in one process or
    // across a call to the provider (that would pin a connection, PGlite's only one, for seconds).
    uniqueIndex('checkout_sessions_one_open_tier_idx')
      .on(t.userId, t.tierId, t.provider)
      .where(sql`${t.status} = 'open' and ${t.tierId} is not null`),
    uniqueIndex('checkout_sessions_one_open_session_idx')
      .on(t.userId, t.sessionId, t.provider)
      .where(sql`${t.status} = 'open' and ${t.sessionId} is not null`),
  ],
);

/**
 * The built-in test-mode provider's own subscription objects, playing the part of Stripe's:
 * events are derived from them and handlers read them back, exactly as with Stripe.
 */
export const testProviderSubscriptions = pgTable('test_provider_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  status: text('status').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: bigint('current_period_end', { mode: 'number' }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  interval: text('interval', { enum: ['week', 'month', 'year'] })
    .notNull()
    .default('month'),
  metadata: text('metadata').notNull().default('{}'),
  /** an offer's discount still to apply: JSON { percentOff?, amountOffCents?, periodsLeft (null: for good) } */
  discount: text('discount'),
  /**
   * a subscription a facilitator already had on their own connected account before Tend (null:
   * one Tend's checkout made on the platform), with the price, product and customer it names
   */
  accountId: text('account_id'),
  priceId: text('price_id'),
  productName: text('product_name'),
  customerEmail: text('customer_email'),
  customerName: text('customer_name'),
});

/** The built-in test-mode provider's payouts to facilitators' accounts, playing Stripe's payouts list. */
export const testProviderPayouts = pgTable(
  'test_provider_payouts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** unix seconds */
    arrivalDate: bigint('arrival_date', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'in_transit', 'paid', 'failed'] })
      .notNull()
      .default('paid'),
    createdAt: createdAt(),
  },
  (t) => [index('test_provider_payouts_account_idx').on(t.accountId, t.createdAt)],
);
