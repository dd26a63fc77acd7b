import { parseISO } from 'date-fns';
import { dateText } from '@web/components/dates';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import { formatUsd } from '@common/money';
import { priceText } from '@common/tiers/intervals';
import { keepsAccess } from '@common/subscriptions/entitled-statuses';

/** Dates read MM/dd/yyyy; a day (yyyy-MM-dd) stays that calendar day. */
export function displayDate(value: string): string {
  return dateText(value);
}

/**
 * 'Free', or '$N / month' ('/ week', '/ year': the tier's billing interval, spelled out); a one-off
 * course was paid once, so it shows the price once.
 */
export function subscriptionPriceText(
  sub: Pick<SubscriptionAnswer, 'price' | 'tier' | 'interval' | 'isComplimentary' | 'isGift'>,
): string {
  // access nobody bills the member for is not a free plan: the status says whose gift it is
  if (sub.isComplimentary || sub.isGift) return 'No charge';
  // the interval the subscription's own price bills (after a switch too)
  return priceText({ price: sub.price, type: sub.tier.type, interval: sub.interval ?? sub.tier.interval });
}

// The provider's subscription statuses that need the member's attention, in plain words.
const PROVIDER_STATUS_TEXTS: Record<string, string> = {
  past_due: 'Payment past due',
  unpaid: 'Payment failed',
  incomplete: 'Payment incomplete',
  incomplete_expired: 'Payment expired',
  paused: 'Paused',
  canceled: 'Cancelled',
};

const isFuture = (iso: string | null, now: Date) => iso !== null && parseISO(iso) > now;

/** The card's status line (active, or inactive when cancelled or the provider says so). */
export function subscriptionStatusText(sub: SubscriptionAnswer, now = new Date()): string {
  // a facilitator's gift: nothing to pay, nothing to cancel
  if (sub.isActive && sub.isComplimentary)
    return sub.endDate ? `Complimentary until ${displayDate(sub.endDate)}` : 'Complimentary';
  // someone's gift, claimed: paid once by the giver, it ends on its date
  if (sub.isActive && sub.isGift) return sub.endDate ? `Gift until ${displayDate(sub.endDate)}` : 'Gift';
  if (sub.isActive && sub.tier.type === 'single') return 'Purchased';
  // access continues while the provider retries the card; the member needs to act
  if (sub.isActive && sub.stripeDetails.status === 'past_due')
    return 'Payment past due · update your card in Manage Subscription';
  if (sub.isActive && sub.stripeDetails.status === 'trialing')
    return sub.renewsAt ? `Free trial · first payment ${displayDate(sub.renewsAt)}` : 'Free trial';
  if (sub.isActive) return sub.renewsAt ? `Active · renews ${displayDate(sub.renewsAt)}` : 'Active';
  if (sub.endDate && isFuture(sub.endDate, now)) return `Ends on ${displayDate(sub.endDate)}`;
  if (sub.cancelled) return sub.endDate ? `Cancelled on ${displayDate(sub.endDate)}` : 'Cancelled';
  if (sub.endDate) return `Ended on ${displayDate(sub.endDate)}`;
  return PROVIDER_STATUS_TEXTS[sub.stripeDetails.status] ?? 'Inactive';
}

/**
 * Access continues: active, or cancelled at the period's end and the period not over yet (then
 * content and messaging go on until endDate, so the card stays under Active as 'Ends on ...').
 */
export function hasAccess(
  sub: Pick<SubscriptionAnswer, 'isActive' | 'endDate' | 'stripeDetails'>,
  now = new Date(),
): boolean {
  return sub.isActive || (isFuture(sub.endDate, now) && keepsAccess(sub.stripeDetails.status));
}

export type PlanState = 'none' | 'active' | 'inactive';

/**
 * What a plan card offers: inactive when endDate is in the past (a cancellation
 * without an end date ended at once), otherwise active; none when I never subscribed.
 */
export function planStateOf(sub: SubscriptionAnswer | undefined, now = new Date()): PlanState {
  if (!sub) return 'none';
  if (sub.endDate) return isFuture(sub.endDate, now) ? 'active' : 'inactive';
  return sub.cancelled ? 'inactive' : 'active';
}

/** The My Subscriptions tab a subscription's card sits in. */
export const subscriptionsTabHref = (sub: Pick<SubscriptionAnswer, 'isActive' | 'endDate' | 'stripeDetails'>) =>
  hasAccess(sub) ? '/subscriptions#active' : '/subscriptions#inactive';

/** What an offer still takes off each bill, in words ('$2.40 off each payment until 02/01/2027'). */
export function subscriptionDiscountText(sub: Pick<SubscriptionAnswer, 'discount'>): string | null {
  if (!sub.discount) return null;
  const off = `${formatUsd(sub.discount.amountOff)} off each payment`;
  return sub.discount.until ? `${off} until ${displayDate(sub.discount.until)}` : `${off} for good`;
}
