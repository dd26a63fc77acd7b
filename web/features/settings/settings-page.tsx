import type { ReactNode } from 'react';
import { LoadFailed, Skeleton, skeletonBlock } from '@web/components/state-panels';
import { useOwnProfile } from './api/get-own-profile';
import { AuthenticatorAppSection } from './authenticator-app-section';
import { BecomeFacilitatorSection } from './become-facilitator-section';
import { CalendarFeedSection } from './calendar-feed-section';
import { EMAIL_NOTIFICATIONS_ANCHOR, EmailNotificationsSection } from './email-notifications-section';
import { PaymentDetails } from './payment-details';
import { PushNotificationsSection } from './push-notifications-section';
import { ReferralsSection } from './referrals-section';
import { SessionsSection } from './sessions-section';
import { SettingsForm } from './settings-form';
import { YourDataSection } from './your-data-section';
import { BECOME_FACILITATOR_TEXTS, REFERRALS_TEXTS } from './settings-texts';
import { PageTitle } from '@web/components/page-title';
import { BLOCKED_PEOPLE_TITLE, BlockedPeopleSection } from '@web/features/blocks/blocked-people-section';

export const LOAD_FAILED_TEXT = 'We could not load your settings.';

/** /settings: my account, payment details and my data. */
export function SettingsPage() {
  const { data: profile, isPending, isError, refetch } = useOwnProfile();

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl">
      <PageTitle>Settings</PageTitle>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        Settings
      </h1>
      {isPending ? (
        <SettingsSkeleton />
      ) : isError ? (
        <div className="mt-6">
          <LoadFailed message={LOAD_FAILED_TEXT} onRetry={() => void refetch()} />
        </div>
      ) : (
        <div className="mt-6 space-y-6">
          <Card>
            {/* a new pending address gives the form new starting values (and empties the password fields) */}
            <SettingsForm key={profile.pendingEmail ?? ''} profile={profile} />
          </Card>
          <Card title={profile.isFacilitator ? 'Payouts' : 'Payment details'}>
            <PaymentDetails profile={profile} />
          </Card>
          {profile.mayBecomeFacilitator && (
            <Card title={BECOME_FACILITATOR_TEXTS.title} anchor="become-facilitator">
              <BecomeFacilitatorSection profile={profile} />
            </Card>
          )}
          <Card title="Notifications" anchor="notifications">
            <PushNotificationsSection />
          </Card>
          <Card title="Email notifications" anchor={EMAIL_NOTIFICATIONS_ANCHOR}>
            <EmailNotificationsSection />
          </Card>
          <Card title="Calendar feed" anchor="calendar-feed">
            <CalendarFeedSection isFacilitator={profile.isFacilitator} />
          </Card>
          <Card title={REFERRALS_TEXTS.title} anchor="referrals">
            <ReferralsSection isFacilitator={profile.isFacilitator} />
          </Card>
          <Card title="Authenticator app">
            <AuthenticatorAppSection enabled={profile.authenticatorApp} />
          </Card>
          <Card title={BLOCKED_PEOPLE_TITLE} anchor="blocked-people">
            <BlockedPeopleSection />
          </Card>
          <Card title="Where you're signed in">
            <SessionsSection />
          </Card>
          <Card title="Your data">
            <YourDataSection />
          </Card>
        </div>
      )}
    </section>
  );
}

function Card({ title, anchor, children }: { title?: string; anchor?: string; children: ReactNode }) {
  const id = title ? `settings-${title.toLowerCase().replace(/\W+/g, '-')}` : undefined;
  return (
    <section
      id={anchor}
      aria-labelledby={id}
      className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      {title && (
        <h2 id={id} className="mb-4 text-lg font-semibold text-stone-900">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}

function SettingsSkeleton() {
  return (
    <div className="mt-6">
      <Skeleton label="Loading settings…">
        <div className="space-y-6">
          <div className={`${skeletonBlock} h-[36rem]`} />
          <div className={`${skeletonBlock} h-28`} />
        </div>
      </Skeleton>
    </div>
  );
}
