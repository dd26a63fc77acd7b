import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups } from './groups';
import { users } from './users';
import { createdAt, userRef } from './columns';

/** A tier: a subscription plan or a one-off course of a facilitator. */
export const tiers = pgTable(
  'tiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    thumbnail: text('thumbnail'),
    type: text('type', { enum: ['subscription', 'single'] }).notNull(),
    published: boolean('published').notNull().default(false),
    releaseAllContent: boolean('release_all_content').notNull().default(false),
    allowDirectMessaging: boolean('allow_direct_messaging').notNull().default(false),
    /** one of the facilitator's own groups, linked to this tier */
    associatedGroupId: uuid('associated_group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** the ordered list of content ids a drip releases */
    contentQueue: uuid('content_queue').array().notNull().default(sql`'{}'::uuid[]`),
    contentQueueFrequency: integer('content_queue_frequency').notNull().default(1),
    /** how often a subscription tier bills (courses: 'month', unused) */
    billingInterval: text('billing_interval', { enum: ['week', 'month', 'year'] })
      .notNull()
      .default('month'),
    /** free days before a subscription's first charge (0: none) */
    trialDays: integer('trial_days').notNull().default(0),
    /** live sessions of this facilitator a subscriber may book without paying, per billing period (0: none) */
    sessionCredits: integer('session_credits').notNull().default(0),
    /** a period's unused credits carry into the next one (at most one period's worth) */
    creditsRollOver: boolean('credits_roll_over').notNull().default(false),
    /** the series whose sessions the credits book; empty: any session of the facilitator */
    creditSeriesIds: uuid('credit_series_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** the facilitator's own bullet points of what the plan includes (the plan card lists them) */
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    /** the provider's product and price, created at the first checkout */
    stripeProductId: text('stripe_product_id'),
    stripePriceId: text('stripe_price_id'),
    createdAt: createdAt(),
  },
  // a facilitator's tiers (program page, profile plans)
  (t) => [
    index('tiers_user_idx').on(t.userId, t.createdAt),
    check('tiers_session_credits_range', sql`${t.sessionCredits} between 0 and 100`),
    // Explore: substring search on a tier's text (pg_trgm, migration 0009)
    index('tiers_text_trgm_idx').using('gin', sql`lower(${t.name} || ' ' || ${t.description}) gin_trgm_ops`),
  ],
);
export type Tier = typeof tiers.$inferSelect;

/**
 * A subscription tier's prices: at most one per billing interval, exactly one the default (the
 * tier's `price_cents` and `billing_interval` repeat the default, so callers that know one price
 * keep reading it). A course has none: it is paid once, at the tier's price.
 */
export const tierPrices = pgTable(
  'tier_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    interval: text('interval', { enum: ['week', 'month', 'year'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** the provider's Price for this amount and interval, created at its first checkout */
    stripePriceId: text('stripe_price_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // one price per interval of a tier
    uniqueIndex('tier_prices_interval_idx').on(t.tierId, t.interval),
    // one default price per tier
    uniqueIndex('tier_prices_default_idx').on(t.tierId).where(sql`${t.isDefault}`),
    check('tier_prices_amount_range', sql`${t.amountCents} between 0 and 1000000`),
  ],
);
export type TierPrice = typeof tierPrices.$inferSelect;

/** Content: one practice item. */
export const content = pgTable(
  'content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    media: text('media'),
    fileType: text('file_type', { enum: ['audio', 'video', 'image', 'document'] }),
    /** a WebVTT upload's key (served like the media), the transcript, an image's alt text */
    captions: text('captions'),
    transcript: text('transcript'),
    altText: text('alt_text'),
    contentType: text('content_type', {
      enum: ['meditation', 'breathwork', 'reading', 'journal', 'podcast', 'workout', 'informational'],
    }).notNull(),
    inPostQueue: boolean('in_post_queue').notNull().default(false),
    postNow: boolean('post_now').notNull().default(false),
    postedDate: timestamp('posted_date', { withTimezone: true }),
    hitCount: integer('hit_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // a facilitator's content (program page)
    index('content_user_idx').on(t.userId, t.createdAt),
    // entitlement check for a media key
    index('content_media_idx').on(t.media),
    // entitlement check for a captions key
    index('content_captions_idx').on(t.captions),
    // daily practice's recent candidates (content/library.ts memberToday: posted in the last two days)
    index('content_posted_date_idx').on(t.postedDate),
  ],
);
export type Content = typeof content.$inferSelect;

/** Content belongs to one or more tiers. */
export const contentTiers = pgTable(
  'content_tiers',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    /**
     * times the item was opened by this tier's subscribers ('Status of Tiers'), so an item
     * shared by several tiers counts each open once, in the tier it was opened through
     */
    hitCount: integer('hit_count').notNull().default(0),
  },
  // both directions: a tier's content, a content's tiers
  (t) => [primaryKey({ columns: [t.contentId, t.tierId] }), index('content_tiers_tier_idx').on(t.tierId)],
);

/** A member's subscription to a tier: free ones live in Tend only, paid ones mirror the provider's. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'restrict' }),
    /** day 1 of the drip, in the member's time zone */
    startDate: date('start_date').notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    cancelled: boolean('cancelled').notNull().default(false),
    priceCents: integer('price_cents').notNull().default(0),
    /** the payment provider's status; 'active' for free subscriptions */
    status: text('status').notNull().default('active'),
    /**
     * 'free' subscriptions live in Tend only; paid ones mirror the provider's object;
     * 'complimentary' ones stand for a facilitator's grant (tier_grants) and never bring money;
     * 'gift' ones stand for a claimed gift (gifts), whose one payment is the revenue
     */
    provider: text('provider', { enum: ['free', 'test', 'stripe', 'complimentary', 'gift'] })
      .notNull()
      .default('free'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    /**
     * the facilitator's connected account the provider's subscription lives on (one brought over
     * from their own Stripe account); null: it lives on the platform account
     */
    providerAccountId: text('provider_account_id'),
    /** the provider's customer on that connected account (its billing portal), null otherwise */
    providerCustomerId: text('provider_customer_id'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** the end of the period paid for (paid subscriptions): the next renewal, or the end */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** a free trial: when it started, when it turned into a paid subscription (the earnings dashboard counts both) */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialConvertedAt: timestamp('trial_converted_at', { withTimezone: true }),
    /** the trial's 'first charge in 3 days' mail: claimed by a conditional update, so it goes once */
    trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
    /** the tier price a paid subscription is on, as the provider's subscription last said */
    tierPriceId: uuid('tier_price_id').references(() => tierPrices.id, { onDelete: 'set null' }),
    /** how often it bills (paid subscriptions); null: the tier's default interval */
    billingInterval: text('billing_interval', { enum: ['week', 'month', 'year'] }),
    /**
     * A discount the provider takes off every bill while it lasts (a coupon for good or for some
     * months; a first-payment-only one is not recurring and is not kept): the cents off each bill
     * and when it stops (null: never). The earnings dashboard's MRR counts what members pay.
     */
    discountCents: integer('discount_cents'),
    discountEndsAt: timestamp('discount_ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // one subscription per member and tier (resubscribing restarts it)
    uniqueIndex('subscriptions_user_tier_idx').on(t.userId, t.tierId),
    // active subscribers of a tier (program delete check, dashboard)
    index('subscriptions_tier_idx').on(t.tierId, t.cancelled),
    // whether members are on a price (its amount is then fixed)
    index('subscriptions_tier_price_idx').on(t.tierPriceId),
  ],
);
export type Subscription = typeof subscriptions.$inferSelect;

/**
 * Complimentary access: a facilitator gives one of their tiers to a member, or to an email address
 * nobody registered yet (claimed when an account confirms that address). A live grant to a member
 * holds a 'complimentary' subscription, so access follows the one subscription rule.
 */
export const tierGrants = pgTable(
  'tier_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'cascade' }),
    /** lower-cased; set while the grant waits for an account with this address */
    email: text('email'),
    note: text('note').notNull().default(''),
    until: timestamp('until', { withTimezone: true }),
    grantedBy: userRef('granted_by'),
    createdAt: createdAt(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    // one live grant per tier and member, and per tier and waiting address
    uniqueIndex('tier_grants_live_member_idx')
      .on(t.tierId, t.memberId)
      .where(sql`${t.revokedAt} is null and ${t.memberId} is not null`),
    uniqueIndex('tier_grants_live_email_idx')
      .on(t.tierId, t.email)
      .where(sql`${t.revokedAt} is null and ${t.memberId} is null`),
    index('tier_grants_email_idx').on(t.email).where(sql`${t.memberId} is null and ${t.revokedAt} is null`),
    index('tier_grants_member_idx').on(t.memberId),
    check('tier_grants_who', sql`${t.memberId} is not null or ${t.email} is not null`),
  ],
);
export type TierGrant = typeof tierGrants.$inferSelect;

/** Engagement record: one per member and content. */
export const engagement = pgTable(
  'engagement',
  {
    userId: userRef(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    isComplete: boolean('is_complete').notNull().default(false),
    isFavourite: boolean('is_favourite').notNull().default(false),
    totalEngagementMs: bigint('total_engagement_ms', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentId] })],
);

/**
 * Where a member stopped in an item's audio or video: one row per member and item, overwritten by
 * each save, so they resume there on any device. Seconds, as the media element counts them.
 */
export const playbackPositions = pgTable(
  'playback_positions',
  {
    userId: userRef(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    positionSeconds: doublePrecision('position_seconds').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    // a position lies within the recording: the request schema refuses anything else first
    check(
      'playback_positions_within_duration',
      sql`${t.positionSeconds} >= 0 and ${t.durationSeconds} > 0 and ${t.positionSeconds} <= ${t.durationSeconds}`,
    ),
  ],
);
export type PlaybackPosition = typeof playbackPositions.$inferSelect;

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  // a member's latest entry for a content item
  (t) => [index('journal_entries_user_content_idx').on(t.userId, t.contentId, t.createdAt)],
);
