import { Link } from 'react-router';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import type { BillingInterval } from '@common/tiers/intervals';
import type { TierAnswer } from '@common/tiers/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { termsOfAnswer } from '@common/offers/terms';
import { useFacilitatorTiers } from './api/get-facilitator-tiers';
import { useOfferLookup } from './api/get-offer';
import { OFFER_TEXTS } from './offer-texts';
import { useSubscriptions } from './api/get-subscriptions';
import { GiftButton, isGiftable } from './gift-dialog';
import { PlanButton } from './plan-button';
import { PlanCard } from './plan-card';
import { CardsSkeleton, EmptyPanel, LoadFailed } from './subscription-panels';
import { PLAN_TEXTS } from './subscription-texts';

type FacilitatorPlansProps = {
  facilitatorId: string;
  isOwner: boolean;
  /** an offer code from the address (?offer=): its plan is shown, and checked out, with it */
  offerCode?: string;
};

/**
 * Profile, Plans: a facilitator's published tiers with Subscribe / Get Course /
 * View in My Subscriptions / Reactivate Subscription. Shown on the profile (features/profiles).
 * An offer code that cannot be used is explained once above the plans, which keep their usual price.
 */
export function FacilitatorPlans({ facilitatorId, isOwner, offerCode }: FacilitatorPlansProps) {
  const tiers = useFacilitatorTiers(facilitatorId);
  const subscriptions = useSubscriptions();
  const lookup = useOfferLookup(facilitatorId, offerCode);
  const usable = lookup.data?.status === 'active' && lookup.data.terms ? lookup.data : undefined;
  const offer = usable?.terms
    ? { code: usable.code, terms: termsOfAnswer(usable.terms), tierId: usable.tierId }
    : undefined;
  // The owner is sent every tier; the Plans tab shows the published ones only.
  const plans = tiers.data?.filter((tier) => tier.published) ?? [];
  const subscriptionByTier = new Map<string, SubscriptionAnswer>(subscriptions.data?.map((s) => [s.tier._id, s]));

  return (
    <section aria-labelledby="plans-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="plans-title" className="text-xl font-semibold text-stone-900">
          Plans
        </h2>
        {isOwner && (
          <Link to="/program" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
            Edit programs and tiers
          </Link>
        )}
      </div>
      {isOwner && <p className="text-sm text-stone-600">This is how members see your plans.</p>}
      {offerCode && <OfferNotice pending={lookup.isPending} failed={lookup.isError} message={lookup.data?.message} />}
      {tiers.isPending ? (
        <CardsSkeleton label="Loading plans…" />
      ) : tiers.isError ? (
        <LoadFailed message="We could not load the plans." onRetry={() => tiers.refetch()} />
      ) : plans.length === 0 ? (
        <EmptyPanel>{PLAN_TEXTS.noPlans}</EmptyPanel>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {plans.map((tier) => (
            <li key={tier._id}>
              <PlanCard
                tier={tier}
                offer={offer?.tierId === tier._id ? offer : undefined}
                action={
                  isOwner
                    ? undefined
                    : (titleId, interval) => (
                        <PlanAction
                          tier={tier}
                          titleId={titleId}
                          interval={interval}
                          pending={subscriptions.isPending}
                          subscription={subscriptionByTier.get(tier._id)}
                          offerCode={offer?.tierId === tier._id ? offer.code : undefined}
                        />
                      )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Why the code in the address gives nothing (polite status), or that it is being checked. */
function OfferNotice({ pending, failed, message }: { pending: boolean; failed: boolean; message?: string | null }) {
  const text = pending
    ? OFFER_TEXTS.checking
    : failed
      ? OFFER_TEXTS.lookupFailed
      : message
        ? OFFER_TEXTS.fallback(message)
        : null;
  return (
    <p
      role="status"
      className={text && !pending ? 'rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900' : 'sr-only'}
    >
      {text}
    </p>
  );
}

type PlanActionProps = {
  offerCode?: string;
  tier: TierAnswer;
  titleId: string;
  /** the interval chosen on the card */
  interval: BillingInterval;
  pending: boolean;
  subscription: SubscriptionAnswer | undefined;
};

/** Waits for my subscriptions before offering anything, so a subscriber is never offered 'Subscribe'. */
function PlanAction({ tier, titleId, interval, pending, subscription, offerCode }: PlanActionProps) {
  if (pending) {
    return (
      <span
        aria-hidden="true"
        className="block h-11 w-full animate-pulse rounded-lg bg-stone-200/70 motion-reduce:animate-none"
      />
    );
  }
  return (
    <>
      <PlanButton
        tier={tier}
        subscription={subscription}
        describedBy={titleId}
        interval={interval}
        offerCode={offerCode}
      />
      {isGiftable(tier) && <GiftButton tier={tier} describedBy={titleId} />}
    </>
  );
}
