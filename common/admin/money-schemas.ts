import { z } from 'zod';
import { PLATFORM_ERRORS } from '../errors';
import { PAYMENTS_ERRORS } from '../payments/errors';
import { SUBSCRIPTIONS_ERRORS } from '../subscriptions/errors';
import { serverListQuery, serverPage } from './schemas';

// an admin cancels a member's subscription (now or at the period's end) and
// refunds a payment; every action is audited. Money travels as dollars.

export const ADMIN_MONEY_MESSAGES = {
  userNotFound: PLATFORM_ERRORS.user_not_found,
  facilitatorNotFound: PLATFORM_ERRORS.facilitator_not_found,
  subscriptionNotFound: SUBSCRIPTIONS_ERRORS.subscription_not_found,
  paymentNotFound: PAYMENTS_ERRORS.payment_not_found,
  subscriptionEnded: SUBSCRIPTIONS_ERRORS.subscription_ended,
  alreadyEnding: SUBSCRIPTIONS_ERRORS.already_ending,
  noBillingPeriod: SUBSCRIPTIONS_ERRORS.no_billing_period,
  notAPayment: PAYMENTS_ERRORS.not_a_payment,
  noPaymentRef: PAYMENTS_ERRORS.no_payment_ref,
  alreadyRefunded: PAYMENTS_ERRORS.already_refunded,
  disputeOpen: PAYMENTS_ERRORS.payment_disputed,
  refundTooLarge: (left: string) => `At most ${left} is left to refund on this payment.`,
  providerFailed: PAYMENTS_ERRORS.provider_failed,
} as const;

/** A dollar amount with at most two decimals, more than zero. */
const Dollars = z
  .number({ error: 'Amount must be a number' })
  .positive('Amount must be more than zero')
  .max(1_000_000, 'Amount is too large')
  .refine((v) => Math.round(v * 100) === Math.round(v * 1e6) / 1e4, 'Amount has at most 2 decimals');

/** POST admin/subscription/{id}/cancel */
export const CancelSubscriptionRequest = z.object({
  when: z.enum(['now', 'period_end'], { error: "when is 'now' or 'period_end'" }),
});
export type CancelSubscriptionRequest = z.infer<typeof CancelSubscriptionRequest>;

/** POST admin/payment/{id}/refund: the whole amount left unless `amount` (dollars) says less. */
export const RefundPaymentRequest = z.object({ amount: Dollars.optional() });
export type RefundPaymentRequest = z.infer<typeof RefundPaymentRequest>;

/**
 * One subscription as the admin money screens show it. `canCancelNow` / `canCancelAtPeriodEnd`
 * are the server's answer to what the admin may do with it (free ones and courses have no period).
 */
export const AdminSubscriptionRow = z.object({
  _id: z.string(),
  member: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  tier: z.object({ _id: z.string(), name: z.string(), type: z.enum(['subscription', 'single']) }),
  facilitator: z.object({ _id: z.string(), name: z.string() }),
  /** dollars */
  price: z.number(),
  isPaid: z.boolean(),
  /** the provider's status ('active', 'past_due', 'canceled', …); 'active' for free ones */
  status: z.string(),
  isActive: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** the end of the period paid for (paid subscriptions) */
  periodEnd: z.string().nullable(),
  canCancelNow: z.boolean(),
  canCancelAtPeriodEnd: z.boolean(),
});
export type AdminSubscriptionRow = z.infer<typeof AdminSubscriptionRow>;

/** A payment a member made (a revenue entry of kind 'payment'), with what went back of it. */
export const AdminPaymentRow = z.object({
  _id: z.string(),
  date: z.string(),
  /** the tier's name, or 'Sessions' */
  description: z.string(),
  facilitator: z.object({ _id: z.string(), name: z.string() }),
  /** dollars paid */
  amount: z.number(),
  /** dollars already refunded or lost to a dispute */
  refunded: z.number(),
  /** dollars that may still be refunded */
  refundable: z.number(),
  disputeStatus: z.enum(['open', 'won', 'lost']).nullable(),
  canRefund: z.boolean(),
});
export type AdminPaymentRow = z.infer<typeof AdminPaymentRow>;

/**
 * GET admin/facilitator/{id}/subscribers: the subscriptions to their tiers still open (searchable
 * on member and tier).
 */
export const SUBSCRIBER_SORT_KEYS = ['email', 'tier'] as const;
export const AdminSubscriberListQuery = serverListQuery(SUBSCRIBER_SORT_KEYS);
export const AdminSubscriberPage = serverPage(AdminSubscriptionRow);

/**
 * What a cancellation did: ended now, ends at the period's end, or asked of the provider whose
 * confirmation is on its way.
 */
export const CancelSubscriptionAnswer = z.object({
  outcome: z.enum(['cancelled', 'ends_at_period_end', 'requested']),
  subscription: AdminSubscriptionRow,
});
export type CancelSubscriptionAnswer = z.infer<typeof CancelSubscriptionAnswer>;

/** What a refund asked for (dollars) and the payment as it now stands (the refund itself may arrive a moment later). */
export const RefundPaymentAnswer = z.object({ refunded: z.number(), payment: AdminPaymentRow });
export type RefundPaymentAnswer = z.infer<typeof RefundPaymentAnswer>;
