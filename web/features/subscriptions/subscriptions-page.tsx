import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { tabListStyles, tabStyles } from '@web/components/tab-styles';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { useSubscriptions } from './api/get-subscriptions';
import { BoughtGifts } from './bought-gifts';
import { ManageSubscriptionDialog } from './manage-subscription-dialog';
import { SessionCreditsPanel } from './session-credits-panel';
import { SubscriptionCard } from './subscription-card';
import { CardsSkeleton, EmptyPanel, LoadFailed } from './subscription-panels';
import { hasAccess } from './subscription-status';
import { SUBSCRIPTION_TEXTS } from './subscription-texts';
import { PageTitle } from '@web/components/page-title';

// the URL hash #active or #inactive selects the tab.
const TABS = [
  { name: 'Active', hash: '#active', active: true, empty: SUBSCRIPTION_TEXTS.noActive },
  { name: 'Inactive', hash: '#inactive', active: false, empty: SUBSCRIPTION_TEXTS.noInactive },
] as const;

const tabIndexOf = (hash: string) =>
  Math.max(
    0,
    TABS.findIndex((tab) => tab.hash === hash),
  );

/** /subscriptions (My Subscriptions). */
export function SubscriptionsPage() {
  const subscriptions = useSubscriptions();
  const { hash } = useLocation();
  const navigate = useNavigate();
  // The card as it was when opened: the dialog must not change its words while it closes.
  const [managing, setManaging] = useState<{ subscription?: SubscriptionAnswer; open: boolean }>({ open: false });

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle>My Subscriptions</PageTitle>
      <header>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
          My Subscriptions
        </h1>
        <p className="mt-1 text-sm text-stone-600 sm:text-base">
          The plans and courses you follow, and how to manage them.
        </p>
      </header>

      <SessionCreditsPanel />

      <TabGroup
        selectedIndex={tabIndexOf(hash)}
        onChange={(index) => navigate({ hash: TABS[index]!.hash }, { replace: true })}
      >
        <TabList className={tabListStyles}>
          {TABS.map((tab) => (
            <Tab key={tab.name} className={tabStyles}>
              {tab.name}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-5">
          {TABS.map((tab) => (
            <TabPanel key={tab.name}>
              {/* the cards' h3 names sit under a heading of their own (no h1 -> h3 jump) */}
              <h2 className="sr-only">{tab.name}</h2>
              {subscriptions.isPending ? (
                <CardsSkeleton label="Loading your subscriptions…" />
              ) : subscriptions.isError ? (
                <LoadFailed message="We could not load your subscriptions." onRetry={() => subscriptions.refetch()} />
              ) : (
                <SubscriptionList
                  subscriptions={subscriptions.data.filter((s) => hasAccess(s) === tab.active)}
                  emptyText={tab.empty}
                  onManage={(subscription) => setManaging({ subscription, open: true })}
                />
              )}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>

      <BoughtGifts />

      <ManageSubscriptionDialog
        subscription={managing.subscription}
        open={managing.open}
        onClose={() => setManaging((current) => ({ ...current, open: false }))}
      />
    </section>
  );
}

type SubscriptionListProps = {
  subscriptions: SubscriptionAnswer[];
  emptyText: string;
  onManage: (subscription: SubscriptionAnswer) => void;
};

function SubscriptionList({ subscriptions, emptyText, onManage }: SubscriptionListProps) {
  if (subscriptions.length === 0) {
    return (
      <EmptyPanel
        action={
          <Link to="/explore" className={buttonStyles({ size: 'sm' })}>
            Explore facilitators
          </Link>
        }
      >
        {emptyText}
      </EmptyPanel>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {subscriptions.map((subscription) => (
        <li key={subscription._id}>
          <SubscriptionCard subscription={subscription} onManage={onManage} />
        </li>
      ))}
    </ul>
  );
}
