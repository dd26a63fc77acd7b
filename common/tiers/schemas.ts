import { z } from 'zod';
import { BillingInterval, TrialDays } from './intervals';
import { TierPriceAnswer } from './prices';
export { TIER_MESSAGES } from './messages';

export const TIER_TYPES = ['subscription', 'single'] as const;
export const TierType = z.enum(TIER_TYPES);
export const TIER_TYPE_LABELS = { subscription: 'Subscription', single: 'One-off' } as const;

/** What a plan includes, computed from its tier for the plan card. */
export const PlanIncludes = z.object({
  /** the group the plan makes its members part of, by name */
  groupName: z.string().nullable(),
  /** members may message the facilitator */
  directMessaging: z.boolean(),
  /** the content items the plan holds now */
  contentItems: z.number().int(),
  /** live sessions booked without paying, per billing period (0: none) */
  sessionCredits: z.number().int(),
});
export type PlanIncludes = z.infer<typeof PlanIncludes>;

/** Tier, as it travels (price in dollars). */
export const TierAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  thumbnail: z.string().nullable(),
  type: TierType,
  /** how often a subscription bills (the subscriptionIntervals option list); a course says 'month' */
  interval: BillingInterval,
  /** free days before a new subscriber's first charge (0: none; a course: 0) */
  trialDays: z.number().int(),
  published: z.boolean(),
  releaseAllContent: z.boolean(),
  allowDirectMessaging: z.boolean(),
  associatedGroup: z.string().nullable(),
  contentQueue: z.array(z.string()),
  contentQueueFrequency: z.number().int(),
  user: z.string(),
  /** live sessions a subscriber books without paying, per billing period (0: none) */
  sessionCredits: z.number().int().optional(),
  /** unused credits carry into the next period, at most one period's worth */
  creditsRollOver: z.boolean().optional(),
  /** the series whose sessions the credits book; empty: any session of the facilitator */
  creditSeriesIds: z.array(z.string()).optional(),
  /** the facilitator's own bullet points of what the plan includes */
  features: z.array(z.string()).optional(),
  /** a profile's plans: what the plan includes, computed from the tier (PlanIncludes) */
  includes: PlanIncludes.optional(),
  /** a profile's plans: false when the plan is paid and its facilitator cannot take payments yet */
  payable: z.boolean().optional(),
  /**
   * a subscription's prices, one per interval, shorter first; the default one is also `price` and
   * `interval`. A course has none (it is paid once, at `price`).
   */
  prices: z.array(TierPriceAnswer).optional(),
});
export type TierAnswer = z.infer<typeof TierAnswer>;

/** At most this many bullet points of a plan's own, each 1-80 characters. */
export const TIER_FEATURES_MAX = 8;
export const TIER_FEATURE_LENGTH_MAX = 80;
/** The facilitator's own bullet points of what a plan includes; absent keeps them (none on a new tier). */
const TierFeatures = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A point cannot be empty')
      .max(TIER_FEATURE_LENGTH_MAX, `At most ${TIER_FEATURE_LENGTH_MAX} characters a point`),
  )
  .max(TIER_FEATURES_MAX, `At most ${TIER_FEATURES_MAX} points`)
  .optional();

/**
 * A tier's price in dollars (the facilitator's and the admin's tier forms): a number, or a number
 * typed as text; never null, '' or false coerced to a free tier.
 */
export const TierPrice = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: 'Price is required' })
    .min(0, 'Price cannot be negative')
    .max(10_000, 'Price must be at most $10,000')
    .refine((v) => Math.round(v * 100) === Math.round(v * 1e6) / 1e4, 'Price has at most 2 decimals'),
);

/** One price of a subscription tier as the form sends it (dollars). */
const TierPriceInput = z.object({ interval: BillingInterval, price: TierPrice, default: z.boolean().default(false) });

/**
 * A subscription tier's prices: one to three, at most one per interval, exactly one the default.
 * Absent keeps them (a new tier: one default price from `price` and `interval`).
 */
export const TierPricesInput = z
  .array(TierPriceInput)
  .min(1, 'At least one price')
  .max(3, 'At most one price per interval')
  .refine((ps) => new Set(ps.map((p) => p.interval)).size === ps.length, 'At most one price per interval')
  .refine((ps) => ps.filter((p) => p.default).length === 1, 'Exactly one price is the default');
export type TierPricesInput = z.infer<typeof TierPricesInput>;

/** At most this many session credits per billing period. */
export const SESSION_CREDITS_MAX = 100;

/** A tier's session credits: all optional, a tier without them includes no sessions. */
const credits = {
  sessionCredits: z.coerce
    .number()
    .int('Whole credits only')
    .min(0, 'Credits cannot be negative')
    .max(SESSION_CREDITS_MAX, `At most ${SESSION_CREDITS_MAX} credits`)
    .optional(),
  creditsRollOver: z.boolean().optional(),
  creditSeriesIds: z.array(z.string().uuid('Invalid series id')).max(50).optional(),
};

const editable = {
  name: z.string().trim().min(1, 'Name is required').max(120),
  description: z.string().trim().max(5000).default(''),
  thumbnail: z.string().max(500).nullable().optional(),
  associatedGroup: z.string().uuid().nullable().optional(),
  contentQueueFrequency: z.coerce.number().int().min(1, 'At least 1 day').max(365).default(1),
  releaseAllContent: z.boolean().default(false),
  published: z.boolean().default(false),
  allowDirectMessaging: z.boolean().default(false),
};

/**
 * Creating a tier: type and price are required here and never change afterwards, nor
 * does the billing interval. Interval and trial only mean something for a subscription: a course
 * is stored as 'month' with no trial.
 */
export const CreateTierRequest = z.object({
  ...editable,
  /** absent: a one-off course releases everything at once, a subscription drips from the queue */
  releaseAllContent: z.boolean().optional(),
  type: TierType,
  price: TierPrice,
  interval: BillingInterval.default('month'),
  trialDays: TrialDays.default(0),
  ...credits,
  features: TierFeatures,
  /** a subscription's prices; when sent, its default decides `price` and `interval` */
  prices: TierPricesInput.optional(),
});
export type CreateTierRequest = z.infer<typeof CreateTierRequest>;

/**
 * Updating a tier (POST app/tier/{id}, or POST app/tier with `_id`): type, price and interval may be
 * sent back unchanged by the form but are refused when they differ. The trial may change: it applies
 * to new subscribers. `contentQueue` reorders the queue (it may also add a tier item or take one out).
 * `previousContentQueue` (optional) is the queue the new order was made from: when the
 * stored queue differs (changed in another tab) the call answers 409 `queue_changed`. Without it a
 * list may reorder and add but not leave out an item now queued.
 */
export const UpdateTierRequest = z.object({
  _id: z.string().uuid().optional(),
  name: editable.name.optional(),
  description: z.string().trim().max(5000).optional(),
  thumbnail: editable.thumbnail,
  associatedGroup: editable.associatedGroup,
  contentQueueFrequency: z.coerce.number().int().min(1).max(365).optional(),
  releaseAllContent: z.boolean().optional(),
  published: z.boolean().optional(),
  allowDirectMessaging: z.boolean().optional(),
  contentQueue: z.array(z.string().uuid()).max(5000).optional(),
  previousContentQueue: z.array(z.string().uuid()).max(5000).optional(),
  type: TierType.optional(),
  price: TierPrice.optional(),
  interval: BillingInterval.optional(),
  trialDays: TrialDays.optional(),
  ...credits,
  features: TierFeatures,
  /**
   * a subscription's prices, the whole list: a new interval may be added, the default moved; a
   * price members are on keeps its amount and stays (409 `price_locked`). When sent, `price` and
   * `interval` are not compared: the list's default becomes them.
   */
  prices: TierPricesInput.optional(),
});
export type UpdateTierRequest = z.infer<typeof UpdateTierRequest>;

/**
 * GET app/tier/{id}/deletable: whether 'I want to delete this program' would succeed now, so the
 * page can say a delete is blocked before asking to confirm it.
 */
export const TierDeletableAnswer = z.object({ deletable: z.boolean(), activeSubscribers: z.number().int() });
export type TierDeletableAnswer = z.infer<typeof TierDeletableAnswer>;
/** DELETE app/tier/{id}; an admin's DELETE admin/facilitator/{id}/tiers/{tierId} answers `{ deleted: true }` only. */
export const TierDeletedAnswer = z.object({ deleted: z.literal(true), message: z.string() });
export type TierDeletedAnswer = z.infer<typeof TierDeletedAnswer>;

/**
 * GET app/facilitator/first-day: how far a new facilitator has come, for the
 * checklist an empty /dashboard and /program show: payouts linked, a tier, content, published.
 */
export const FirstDayAnswer = z.object({
  payouts: z.enum(['not_linked', 'incomplete', 'linked']),
  tiers: z.number().int(),
  content: z.number().int(),
  publishedTiers: z.number().int(),
});
export type FirstDayAnswer = z.infer<typeof FirstDayAnswer>;

export const FIRST_DAY_STEPS = ['payouts', 'tier', 'content', 'publish'] as const;
export type FirstDayStep = (typeof FIRST_DAY_STEPS)[number];

/** Which steps are done; the checklist ticks them off by itself. */
export function firstDayProgress(answer: FirstDayAnswer): Record<FirstDayStep, boolean> {
  return {
    payouts: answer.payouts === 'linked',
    tier: answer.tiers > 0,
    content: answer.content > 0,
    publish: answer.publishedTiers > 0,
  };
}
