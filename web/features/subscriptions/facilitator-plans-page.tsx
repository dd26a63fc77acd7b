import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { SparklesIcon, UserCircleIcon } from '@heroicons/react/24/outline';
import clsx from 'clsx';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import type { TierAnswer } from '@common/tiers/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { PageLoading } from '@web/components/page-loading';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { SessionCalendar } from '@web/features/sessions/session-calendar';
import { useSessionCheckoutReturn } from '@web/features/sessions/use-session-checkout-return';
import { isNotFound } from './api/get-subscription';
import { useFacilitator } from './api/get-facilitator';
import { useFacilitatorTiers } from './api/get-facilitator-tiers';
import { useSubscriptions } from './api/get-subscriptions';
import { FacilitatorHeader } from './facilitator-header';
import { PlanButton } from './plan-button';
import { PlanCard } from './plan-card';
import { CardsSkeleton, EmptyPanel, LoadFailed } from './subscription-panels';
import { PLAN_TEXTS } from './subscription-texts';

const PROFILE_TABS = ['Plans', 'Sessions'] as const;
const SESSIONS_TAB = PROFILE_TABS.indexOf('Sessions');

/**
 * /profile/{id}: the facilitator's header, then the Plans and Sessions tabs (spec 02 §2 Profile).
 * Feed and Groups join this page in a later issue.
 */
export function FacilitatorPlansPage() {
  const { id = '' } = useParams();
  const profile = useFacilitator(id);
  const whoami = useWhoami();
  const viewerId = whoami.data?.id ?? whoami.data?._id;
  // Back from a paid session's checkout: say how it went, and show the sessions.
  const fromSessionCheckout = useSessionCheckoutReturn();
  const [tab, setTab] = useState(() => (fromSessionCheckout ? SESSIONS_TAB : 0));

  if (profile.isPending) return <PageLoading label="Loading profile…" />;
  if (profile.isError) {
    return isNotFound(profile.error) ? (
      <ProfileNotFound />
    ) : (
      <section aria-label="Profile" className="mx-auto w-full max-w-5xl">
        <LoadFailed message="We could not load this profile." onRetry={() => profile.refetch()} />
      </section>
    );
  }

  const isOwner = viewerId === profile.data._id;
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <title>{`${profile.data.name} · Tend`}</title>
      <FacilitatorHeader profile={profile.data} />
      <TabGroup selectedIndex={tab} onChange={setTab}>
        <TabList aria-label="Profile sections" className="flex gap-1 rounded-xl bg-stone-100 p-1 sm:inline-flex">
          {PROFILE_TABS.map((name) => (
            <Tab
              key={name}
              className={clsx(
                'min-h-11 flex-1 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-stone-600 hover:text-stone-900 sm:px-6',
                'data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm',
              )}
            >
              {name}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-5">
          <TabPanel>
            <PlansSection facilitatorId={id} isOwner={isOwner} />
          </TabPanel>
          <TabPanel>
            <SessionCalendar facilitatorId={id} isOwner={isOwner} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      <p className="flex items-center justify-center gap-2 text-sm text-stone-500">
        <SparklesIcon className="size-4" aria-hidden="true" />
        More of this profile is on its way
      </p>
    </section>
  );
}

function PlansSection({ facilitatorId, isOwner }: { facilitatorId: string; isOwner: boolean }) {
  const tiers = useFacilitatorTiers(facilitatorId);
  const subscriptions = useSubscriptions();
  // The owner is sent every tier; the Plans tab shows the published ones only (spec 02 §2).
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
                    : (titleId) => (
                        <PlanAction
                          tier={tier}
                          titleId={titleId}
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

type PlanActionProps = { tier: TierAnswer; titleId: string; pending: boolean; subscription: SubscriptionAnswer | undefined };

/** Waits for my subscriptions before offering anything, so a subscriber is never offered 'Subscribe'. */
function PlanAction({ tier, titleId, pending, subscription }: PlanActionProps) {
  if (pending) {
    return <span aria-hidden="true" className="block h-11 w-full animate-pulse rounded-lg bg-stone-200/70 motion-reduce:animate-none" />;
  }
  return <PlanButton tier={tier} subscription={subscription} describedBy={titleId} />;
}

function ProfileNotFound() {
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-lg flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-10 text-center shadow-sm">
      <title>Profile not found · Tend</title>
      <UserCircleIcon className="size-12 text-stone-400" aria-hidden="true" />
      <h1 id="page-title" className="text-xl font-semibold text-stone-900">
        Profile not found
      </h1>
      <p className="text-sm text-stone-600">This facilitator's profile does not exist or is no longer available.</p>
      <Link to="/explore" className={buttonStyles({ size: 'sm' })}>
        Explore facilitators
      </Link>
    </section>
  );
}
