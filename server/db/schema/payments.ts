import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tiers } from './program';
import { createdAt, userRef } from './columns';

/** Provider events already applied: the id is unique, written in the same transaction as the effect. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every amount paid to a facilitator (spec 02 §3 Revenue entry), renewals included. */
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
  },
  // the earnings chart: one facilitator's entries in a time window
  (t) => [index('revenue_facilitator_time_idx').on(t.facilitatorId, t.occurredAt)],
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
    status: text('status', { enum: ['open', 'complete', 'expired', 'refunded'] }).notNull().default('open'),
    /** what the checkout is for, JSON (userId, tierId or sessionId), handed back on completion */
    metadata: text('metadata').notNull().default('{}'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
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
  metadata: text('metadata').notNull().default('{}'),
});
