import type { StripePriceMappings, UnmatchedPrice } from '../../../common/imports/stripe-import-schemas';
import type { AccountSubscription } from '../../platform/payments/provider';

type Plan = { id: string; name: string; priceIds: string[] };

/**
 * Which of the facilitator's plans a subscription on their Stripe account belongs to: the plan
 * holding its item's Price (one Tend made), else the plan the facilitator mapped that Price to.
 * Nothing else is guessed: a Price neither names is unmatched and reported.
 */
export function priceMatcher(plans: Plan[], mappings: StripePriceMappings = {}) {
  const byPrice = new Map<string, Plan>();
  for (const plan of plans) for (const priceId of plan.priceIds) byPrice.set(priceId, plan);
  const byId = new Map(plans.map((p) => [p.id, p]));
  return (subscription: Pick<AccountSubscription, 'billed'>): Plan | undefined => {
    const priceId = subscription.billed?.priceId;
    if (!priceId) return undefined;
    const mapped = mappings[priceId];
    return byPrice.get(priceId) ?? (mapped ? byId.get(mapped) : undefined);
  };
}

/** The Prices no plan matched, once each with what the facilitator needs to recognise them. */
export function unmatchedPrices(
  subscriptions: AccountSubscription[],
  match: ReturnType<typeof priceMatcher>,
): UnmatchedPrice[] {
  const found = new Map<string, UnmatchedPrice>();
  for (const s of subscriptions) {
    if (!s.billed || match(s)) continue;
    const seen = found.get(s.billed.priceId);
    if (seen) seen.subscriptions += 1;
    else
      found.set(s.billed.priceId, {
        priceId: s.billed.priceId,
        amountCents: s.billed.amountCents,
        interval: s.billed.interval,
        productName: s.billed.productName,
        subscriptions: 1,
      });
  }
  return [...found.values()];
}
