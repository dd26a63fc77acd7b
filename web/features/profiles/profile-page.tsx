import { ReportButton } from '@web/components/report-dialog';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Cog6ToothIcon, UserCircleIcon } from '@heroicons/react/24/outline';
import clsx from 'clsx';
import { tabSelectedStyles } from '@web/components/tab-styles';
import type { PublicProfileAnswer } from '@common/profiles/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { PageLoading } from '@web/components/page-loading';
import { LoadFailed } from '@web/components/state-panels';
import { NotificationList } from '@web/features/notifications/notifications-page';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { SessionCalendar } from '@web/features/sessions/session-calendar';
import { useSessionCheckoutReturn } from '@web/features/sessions/use-session-checkout-return';
import { FacilitatorPlans } from '@web/features/subscriptions/facilitator-plans';
import { isNotFound, useProfile } from './api/get-profile';
import type { ProfileSubject } from './api/profile-keys';
import { ProfileHeader } from './profile-header';
import { BlockButton } from '@web/features/blocks/block-button';
import { NotificationsTabLabel, ProfileFeed, ProfileGroups, ProfileUserSessions } from './profile-sections';
import { profileTabs, selectedTab, type ProfileTab } from './profile-tabs';
import { PageTitle } from '@web/components/page-title';
import { centredCardStyles } from '@web/components/card-styles';

const TAB_PARAM = 'tab';
/**
 * An offer's shareable link, /profile/{id}?offer=CODE: the code stays in the address, so a visitor
 * sent to sign in or register (rd= keeps the path and query) comes back to it with the offer.
 */
const OFFER_PARAM = 'offer';

/**
 * /profile/{id} and /profile (own): the header, then the tabs this viewer may
 * see. Each tab is a section another feature owns (plans, posts, groups, sessions, notifications).
 */
export function ProfilePage() {
  const { id } = useParams();
  const subject: ProfileSubject = id ?? 'own';
  const profile = useProfile(subject);
  const whoami = useWhoami();
  const viewerId = whoami.data?.id ?? whoami.data?._id;
  // Back from a paid session's checkout: the hook toasts; the Sessions tab opens (kept past the URL clean-up).
  const fromCheckout = useSessionCheckoutReturn();
  const [openSessions] = useState(fromCheckout);

  if (profile.isPending || (id && whoami.isPending)) return <PageLoading label="Loading profile…" />;
  if (profile.isError) {
    return isNotFound(profile.error) ? (
      <ProfileNotFound />
    ) : (
      <section aria-label="Profile" className="mx-auto w-full max-w-5xl">
        <LoadFailed message="We could not load this profile." onRetry={() => profile.refetch()} />
      </section>
    );
  }
  const isOwn = !id || id === viewerId;
  return <ProfileView profile={profile.data} subject={subject} isOwn={isOwn} openSessions={openSessions} />;
}

type ProfileViewProps = {
  profile: PublicProfileAnswer;
  subject: ProfileSubject;
  isOwn: boolean;
  openSessions: boolean;
};

function ProfileView({ profile, subject, isOwn, openSessions }: ProfileViewProps) {
  const [params, setParams] = useSearchParams();
  const tabs = profileTabs({ isOwn, isFacilitator: profile.isFacilitator });
  const current = selectedTab(tabs, params.get(TAB_PARAM), openSessions);
  const choose = (index: number) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.set(TAB_PARAM, tabs[index]!);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const panel = (tab: ProfileTab) => {
    switch (tab) {
      case 'plans':
        return (
          <FacilitatorPlans
            facilitatorId={profile._id}
            isOwner={false}
            offerCode={params.get(OFFER_PARAM) ?? undefined}
          />
        );
      case 'feed':
        return <ProfileFeed subject={subject} name={profile.name} />;
      case 'groups':
        return <ProfileGroups subject={subject} name={profile.name} isOwn={isOwn} />;
      case 'sessions':
        // the calendar's own heading is the week it shows
        return profile.isFacilitator ? (
          <SessionCalendar facilitatorId={isOwn ? 'own' : profile._id} isOwner={isOwn} />
        ) : (
          <ProfileUserSessions />
        );
      case 'notifications':
        return (
          <section aria-label="Notifications" className="mx-auto max-w-3xl">
            <NotificationList />
          </section>
        );
    }
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle>{isOwn ? 'Your Profile' : profile.name}</PageTitle>
      <ProfileHeader
        profile={profile}
        action={
          isOwn ? (
            <Link to="/settings" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
              <Cog6ToothIcon className="size-4" aria-hidden="true" />
              Edit profile
            </Link>
          ) : (
            <div className="flex flex-wrap gap-2">
              <BlockButton person={profile} />
              <ReportButton targetType="user" targetId={profile._id} />
            </div>
          )
        }
      />
      <TabGroup selectedIndex={tabs.indexOf(current)} onChange={choose}>
        <TabList
          aria-label="Profile sections"
          // wraps rather than scrolls: at 320 px 'Notifications' was cut at the edge
          className="flex flex-wrap gap-0.5 rounded-xl bg-stone-100 p-1 sm:inline-flex sm:gap-1"
        >
          {tabs.map((tab) => (
            <Tab
              key={tab}
              className={clsx(
                'min-h-11 shrink-0 grow px-2.5',
                'rounded-lg text-sm font-semibold whitespace-nowrap text-stone-600',
                'hover:text-stone-900 sm:grow-0 sm:px-5',
                tabSelectedStyles,
              )}
            >
              {tab === 'notifications' ? <NotificationsTabLabel /> : TAB_NAMES[tab]}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-5">
          {tabs.map((tab) => (
            <TabPanel key={tab} unmount>
              {panel(tab)}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </section>
  );
}

const TAB_NAMES: Record<ProfileTab, string> = {
  plans: 'Plans',
  feed: 'Feed',
  groups: 'Groups',
  sessions: 'Sessions',
  notifications: 'Notifications',
};

function ProfileNotFound() {
  return (
    <section aria-labelledby="page-title" className={clsx(centredCardStyles, 'mx-auto w-full max-w-lg py-10')}>
      <PageTitle>Profile not found</PageTitle>
      <UserCircleIcon className="size-12 text-stone-400" aria-hidden="true" />
      <h1 id="page-title" className="text-xl font-semibold text-stone-900">
        Profile not found
      </h1>
      <p className="text-sm text-stone-600">This profile does not exist or is no longer available.</p>
      <Link to="/" className={buttonStyles({ size: 'sm' })}>
        Go home
      </Link>
    </section>
  );
}
