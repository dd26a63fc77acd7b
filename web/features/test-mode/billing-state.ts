import type { SubscriptionAnswer } from '@common/payments/schemas';
import { keepsAccess } from '@common/subscriptions/entitled-statuses';

/**
 * Where a paid subscription stands on the billing page: renewing each month, set to cancel at the
 * end of the paid period (still paid for until endDate), or over.
 */
export type BillingState = 'renewing' | 'cancelling' | 'ended';

export function billingStateOf(sub: SubscriptionAnswer, now = new Date()): BillingState {
  const paidUp = keepsAccess(sub.stripeDetails.status) && (!sub.endDate || new Date(sub.endDate) > now);
  if (!paidUp) return 'ended';
  return sub.cancelAtPeriodEnd ? 'cancelling' : 'renewing';
}
