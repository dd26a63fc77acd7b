import { Link } from 'react-router';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import type { BillingInterval } from '@common/tiers/intervals';
import type { TierAnswer } from '@common/tiers/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { useFacilitatorTiers } from './api/get-facilitator-tiers';
import { useSubscriptions } from './api/get-subscriptions';
import { PlanButton } from './plan-button';
import { PlanCard } from './plan-card';
import { CardsSkeleton, EmptyPanel, LoadFailed } from './subscription-panels';
import { PLAN_TEXTS } from './subscription-texts';

/**
 * Profile, Plans: a facilitator's published tiers with Subscribe / Get Course /
 * View in My Subscriptions / Reactivate Subscription. Shown on the profile (features/profiles).
 */
export function FacilitatorPlans({ facilitatorId, isOwner }: { facilitatorId: string; isOwner: boolean }) {
  const tiers = useFacilitatorTiers(facilitatorId);
  const subscriptions = useSubscriptions();
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

type PlanActionProps = {
  tier: TierAnswer;
  titleId: string;
  /** the interval chosen on the card */
  interval: BillingInterval;
  pending: boolean;
  subscription: SubscriptionAnswer | undefined;
};

/** Waits for my subscriptions before offering anything, so a subscriber is never offered 'Subscribe'. */
function PlanAction({ tier, titleId, interval, pending, subscription }: PlanActionProps) {
  if (pending) {
    return (
      <span
        aria-hidden="true"
        className="block h-11 w-full animate-pulse rounded-lg bg-stone-200/70 motion-reduce:animate-none"
      />
    );
  }
  return <PlanButton tier={tier} subscription={subscription} describedBy={titleId} interval={interval} />;
}
