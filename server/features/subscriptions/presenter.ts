import type { SubscriptionAnswer } from '../../../common/payments/schemas';
import type { Subscription, Tier } from '../../db/schema';
import { isActive, isBilled } from './entitlement';

export type MySubscriptionRow = { subscription: Subscription; tier: Tier; facilitator: { id: string; name: string } };

/** One of my subscriptions on My Subscriptions. */
export const presentMySubscription = ({
  subscription: s,
  tier,
  facilitator,
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
});
