import type { SubscriptionAnswer } from '../../../common/payments/schemas';
import { presentPrices } from '../../../common/tiers/prices';
import type { Subscription, Tier, TierPrice } from '../../db/schema';
import { pricesOrDefault } from '../tiers/prices';
import { isActive, isBilled, isDiscountRunning } from './entitlement';
import { canSwitchInterval } from './policy';

export type MySubscriptionRow = {
  subscription: Subscription;
  tier: Tier;
  facilitator: { id: string; name: string };
  /** the tier's price rows, when read */
  prices?: TierPrice[];
};

/** One of my subscriptions on My Subscriptions. */
export const presentMySubscription = ({
  subscription: s,
  tier,
  facilitator,
  prices,
}: MySubscriptionRow): SubscriptionAnswer => ({
  _id: s.id,
  tier: {
    _id: tier.id,
    name: tier.name,
    type: tier.type,
    interval: tier.billingInterval,
    allowDirectMessaging: tier.allowDirectMessaging,
    thumbnail: tier.thumbnail,
  },
  facilitator: { _id: facilitator.id, name: facilitator.name },
  startDate: s.startDate,
  endDate: s.endDate ? s.endDate.toISOString() : null,
  cancelled: s.cancelled,
  price: s.priceCents / 100,
  isPaid: isBilled(s.provider),
  isComplimentary: s.provider === 'complimentary',
  isGift: s.provider === 'gift',
  isActive: isActive(s),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  renewsAt: isBilled(s.provider) && !s.cancelled && s.currentPeriodEnd ? s.currentPeriodEnd.toISOString() : null,
  stripeDetails: { status: s.status },
  interval: s.billingInterval ?? tier.billingInterval,
  ...runningDiscount(s),
  ...(prices
    ? {
        prices: presentPrices(pricesOrDefault(tier, prices)),
        canSwitchInterval:
          canSwitchInterval({ id: s.userId, isAdmin: false, isFacilitator: false }, s) &&
          pricesOrDefault(tier, prices).length > 1,
      }
    : {}),
});

/** The discount a running paid subscription's bills still carry, as My Subscriptions shows it. */
function runningDiscount(s: MySubscriptionRow['subscription']) {
  if (!s.discountCents || s.cancelled || !isBilled(s.provider)) return {};
  if (!isDiscountRunning(s)) return {};
  return {
    discount: { amountOff: s.discountCents / 100, until: s.discountEndsAt ? s.discountEndsAt.toISOString() : null },
  };
}
