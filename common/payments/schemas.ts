import { z } from 'zod';
import { BillingInterval } from '../tiers/intervals';
import { TierPriceAnswer } from '../tiers/prices';

/** A member's subscription, as My Subscriptions shows it. `price` is in dollars per the tier's interval. */
export const SubscriptionAnswer = z.object({
  _id: z.string(),
  tier: z.object({
    _id: z.string(),
    name: z.string(),
    type: z.enum(['subscription', 'single']),
    /** how often it bills ('month' for a course, paid once) */
    interval: BillingInterval,
    allowDirectMessaging: z.boolean(),
    thumbnail: z.string().nullable(),
  }),
  facilitator: z.object({ _id: z.string(), name: z.string() }),
  startDate: z.string(),
  endDate: z.string().nullable(),
  cancelled: z.boolean(),
  price: z.number(),
  /** paid through the provider (false for free tiers) */
  isPaid: z.boolean(),
  /** complimentary access a facilitator gave (not paid, not cancelled by the member; endDate: until when) */
  isComplimentary: z.boolean().optional(),
  /** a claimed gift (not paid by the member, nothing renews; endDate: until when) */
  isGift: z.boolean().optional(),
  /** not cancelled, provider status active, not ended */
  isActive: z.boolean(),
  /** cancelled at the provider but paid until endDate */
  cancelAtPeriodEnd: z.boolean(),
  /** the next renewal of a paid, running subscription */
  renewsAt: z.string().nullable(),
  stripeDetails: z.object({ status: z.string() }),
  /** how often this subscription bills now (its price's interval; a free one: the tier's) */
  interval: BillingInterval.optional(),
  /** the tier's prices (a course's: none); Billing offers to switch to another of them */
  prices: z.array(TierPriceAnswer).optional(),
  /** the member may switch it to another of the tier's prices now (a running paid subscription) */
  canSwitchInterval: z.boolean().optional(),
  /** a discount taken off each bill (an offer for good or for months still to run): dollars off, until when (null: for good) */
  discount: z.object({ amountOff: z.number(), until: z.string().nullable() }).optional(),
});
export type SubscriptionAnswer = z.infer<typeof SubscriptionAnswer>;
export const SubscriptionListAnswer = z.array(SubscriptionAnswer);

/** GET app/subscribe/{tierId} (free tiers). */
export const SubscribeAnswer = z.object({
  status: z.enum(['subscribed', 'already_subscribed']),
  subscription: SubscriptionAnswer,
});
export type SubscribeAnswer = z.infer<typeof SubscribeAnswer>;

export const SubscriptionActionRequest = z.object({ sub: z.string().uuid('Invalid subscription') });
/** POST app/subscriptions/{id}/interval: move a paid subscription to the tier's price of this interval. */
export const SwitchIntervalRequest = z.object({ interval: BillingInterval });
export const UrlAnswer = z.object({ url: z.string() });
export const BillingPortalQuery = z.object({
  rd: z.enum(['subscriptions', 'settings']).default('subscriptions'),
  /** the member's subscription to manage: one billed on a facilitator's own account opens that account's portal */
  subscription: z.string().uuid().optional(),
});

export const REVENUE_PERIODS = ['week', 'month', 'year'] as const;
export const RevenuePeriod = z.enum(REVENUE_PERIODS);
export type RevenuePeriod = z.infer<typeof RevenuePeriod>;
export const RevenueQuery = z.object({ period: RevenuePeriod.default('year') });

/**
 * GET app/facilitator/revenue: revenue per tier per bucket (a day for week and month, a month
 * for year), aggregated in SQL; `amount` in cents, as revenue entries keep it.
 */
export const RevenueAnswer = z.object({
  period: RevenuePeriod,
  from: z.string(),
  to: z.string(),
  buckets: z.array(z.object({ date: z.string(), tier: z.string(), tierId: z.string(), amount: z.number().int() })),
  tiers: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type RevenueAnswer = z.infer<typeof RevenueAnswer>;

/** GET app/payouts/account: a facilitator's payout account as the provider sees it now. */
export const PayoutAccountAnswer = z.object({
  status: z.enum(['not_linked', 'incomplete', 'linked']),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  requirementsDue: z.array(z.string()),
});
export type PayoutAccountAnswer = z.infer<typeof PayoutAccountAnswer>;

/** GET app/facilitator/dashboard: 'Status of Tiers'. */
export const TierStatus = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(['subscription', 'single']),
  activeSubscribers: z.number().int(),
  hitCount: z.number().int(),
  /** all-time dollars earned, rounded */
  earned: z.number().int(),
});
export const FacilitatorDashboardAnswer = z.object({
  tiers: z.array(TierStatus),
  /** the facilitator's content with its hit counts, and the subscriptions to their tiers */
  content: z.array(
    z.object({ _id: z.string(), title: z.string(), hitCount: z.number().int(), tiers: z.array(z.string()) }),
  ),
  subscriptions: z.array(
    z.object({
      _id: z.string(),
      tier: z.string(),
      cancelled: z.boolean(),
      isActive: z.boolean(),
      startDate: z.string(),
    }),
  ),
  /** the payout account as on Settings (the dashboard card shows its status) */
  payouts: PayoutAccountAnswer,
});
export type FacilitatorDashboardAnswer = z.infer<typeof FacilitatorDashboardAnswer>;
/**
 * GET app/facilitator/dashboard?cursor=&limit=: `subscriptions` is one page, newest first; the
 * `next-cursor` response header carries the next page's cursor (absent on the last page).
 */
export const FacilitatorDashboardQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(500),
});
export type FacilitatorDashboardQuery = z.infer<typeof FacilitatorDashboardQuery>;

/** Test-mode checkout (the built-in provider): what the hosted page shows. */
export const TestCheckoutAnswer = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  mode: z.enum(['subscription', 'payment']),
  description: z.string(),
  facilitator: z.string(),
  amount: z.number().int(),
  interval: BillingInterval.nullable(),
  /** what is bought, to label the line item */
  kind: z.enum(['subscription', 'course', 'session']).default('course'),
  /** free days before the first charge (subscriptions) */
  trialDays: z.number().int().default(0),
  successUrl: z.string(),
  cancelUrl: z.string(),
  /** an offer applied to it: its code, the price with it in words, and what is due today (cents) */
  offer: z.object({ code: z.string(), text: z.string(), dueTodayCents: z.number().int() }).optional(),
});
export type TestCheckoutAnswer = z.infer<typeof TestCheckoutAnswer>;

export { PAYMENT_TEXTS } from './messages';

export { PaymentsModeAnswer } from './mode';

/** POST stripe/webhook and stripe/connect-webhook: the event was taken (and what became of it). */
export const WebhookAnswer = z.object({
  received: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'ignored', 'pending', 'refunded']),
});
export type WebhookAnswer = z.infer<typeof WebhookAnswer>;
