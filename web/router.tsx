import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  Outlet,
  ScrollRestoration,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { getToken } from './api/client';
import { RouteFocus } from './app/route-focus';
import { whenIdle } from './app/when-idle';
import { RouteErrorFallback } from './components/error-panel';
import { PageLoading } from './components/page-loading';
import { AdminRouteError } from './features/admin/admin-route-error';
import { SiteBrandProvider, siteQueryOptions } from './features/layout/site-brand';
import { requireAdmin, requireFacilitator, requireMember, requireSignedIn } from './features/session/session-loaders';
import { paymentsModeQuery } from './features/test-mode/api/get-payments-mode';
import { TestModeBanner } from './features/test-mode/test-mode-banner';

/**
 * Offline practice starts (its queue sent, the saved items checked) this long after the first page
 * has loaded and gone idle: its code and calls then never compete with that page's own. That what
 * is kept belongs to the signed-in member is checked at once (`claimMemberData`, whose module the
 * page has loaded already), and the queue is also sent whenever the connection returns.
 */
const OFFLINE_START_AFTER_LOAD_MS = 2_000;

/** Code-split screen: `lazy` loads the module and picks its named component. */
function page<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

function Root() {
  return (
    <SiteBrandProvider>
      <TestModeBanner />
      <Outlet />
      <ScrollRestoration />
      <RouteFocus />
    </SiteBrandProvider>
  );
}

/** Public routes: reachable without signing in. */
const publicRoutes: RouteObject[] = [
  { path: 'login', lazy: page(() => import('./features/auth/login-page'), 'LoginPage') },
  { path: 'register', lazy: page(() => import('./features/auth/register-page'), 'RegisterPage') },
  { path: 'confirm-email', lazy: page(() => import('./features/auth/confirm-email-page'), 'ConfirmEmailPage') },
  { path: '2fa', lazy: page(() => import('./features/auth/two-factor-page'), 'TwoFactorPage') },
  { path: 'request-reset', lazy: page(() => import('./features/auth/request-reset-page'), 'RequestResetPage') },
  { path: 'passwordReset', lazy: page(() => import('./features/auth/password-reset-page'), 'PasswordResetPage') },
  { path: 'logout', lazy: page(() => import('./features/auth/logout-page'), 'LogoutPage') },
  { path: 'setup', lazy: page(() => import('./features/setup/owner-setup-page'), 'OwnerSetupPage') },
  { path: 'terms-of-service', lazy: page(() => import('./features/legal/terms-page'), 'TermsPage') },
  { path: 'privacy-policy', lazy: page(() => import('./features/legal/privacy-policy-page'), 'PrivacyPolicyPage') },
  { path: 'contact-us', lazy: page(() => import('./features/legal/contact-us-page'), 'ContactUsPage') },
  { path: 'accessibility', lazy: page(() => import('./features/legal/accessibility-page'), 'AccessibilityPage') },
  // the unsubscribe link of a notification mail works signed out
  { path: 'unsubscribe', lazy: page(() => import('./features/notifications/unsubscribe-page'), 'UnsubscribePage') },
  // a gift's claim link works signed out: it offers to sign in or register, and comes back
  { path: 'gift/:token', lazy: page(() => import('./features/subscriptions/gift-claim-page'), 'GiftClaimPage') },
];

/** Admin routes (and the audit log). */
const adminChildren: RouteObject[] = [
  { index: true, lazy: page(() => import('./features/admin/users/users-page'), 'UsersPage') },
  { path: 'manage-user/:id', lazy: page(() => import('./features/admin/users/manage-user-page'), 'ManageUserPage') },
  { path: 'tags', lazy: page(() => import('./features/admin/tags/tags-page'), 'TagsPage') },
  { path: 'manage-tag/:id', lazy: page(() => import('./features/admin/tags/manage-tag-page'), 'ManageTagPage') },
  { path: 'groups', lazy: page(() => import('./features/admin/groups/groups-page'), 'GroupsPage') },
  {
    path: 'manage-group/:id',
    lazy: page(() => import('./features/admin/groups/manage-group-page'), 'ManageGroupPage'),
  },
  { path: 'group/:id/posts', lazy: page(() => import('./features/admin/groups/group-posts-page'), 'GroupPostsPage') },
  { path: 'manage-post/:id', lazy: page(() => import('./features/admin/groups/manage-post-page'), 'ManagePostPage') },
  {
    path: 'facilitators',
    lazy: page(() => import('./features/admin/facilitators/facilitators-page'), 'FacilitatorsPage'),
  },
  {
    path: 'manage-facilitator/:id',
    lazy: page(() => import('./features/admin/facilitators/manage-facilitator-page'), 'ManageFacilitatorPage'),
  },
  {
    path: 'facilitators/:id/tiers',
    lazy: page(() => import('./features/admin/facilitators/facilitator-tiers-page'), 'FacilitatorTiersPage'),
  },
  {
    path: 'manage-tier/:id',
    lazy: page(() => import('./features/admin/facilitators/manage-tier-page'), 'ManageTierPage'),
  },
  { path: 'audit', lazy: page(() => import('./features/admin/audit/audit-log-page'), 'AuditLogPage') },
  { path: 'moderation', lazy: page(() => import('./features/moderation/queue-page'), 'QueuePage') },
  { path: 'site', lazy: page(() => import('./features/admin/site/site-settings-page'), 'SiteSettingsPage') },
  { path: 'export', lazy: page(() => import('./features/exports/export-page'), 'SiteExportPage') },
  // the admin's money tools
  { path: 'users/:id/money', lazy: page(() => import('./features/admin/money/user-money-page'), 'UserMoneyPage') },
  {
    path: 'facilitators/:id/subscribers',
    lazy: page(() => import('./features/admin/money/facilitator-subscribers-page'), 'FacilitatorSubscribersPage'),
  },
];

export function createAppRouter(queryClient: QueryClient) {
  const signedIn = ({ request }: LoaderFunctionArgs) => requireSignedIn(queryClient, request);
  const member = ({ request }: LoaderFunctionArgs) => requireMember(queryClient, request);
  const admin = ({ request }: LoaderFunctionArgs) => requireAdmin(queryClient, request);
  const facilitator = ({ request }: LoaderFunctionArgs) => requireFacilitator(queryClient, request);
  /**
   * The daily practice page shows today's session banners above its sections: known before the
   * first paint, they push nothing down when they arrive (they shifted the page by a CLS of 0.14
   * on a phone, as scripts/lighthouse.mjs measures it). A failed
   * call shows no banner, as before; the query modules load beside the page's own chunk.
   * With a session token the banners are asked for beside whoami, not after it (one round trip
   * less before the first paint), and today's practices and the history start once whoami says
   * member, without holding the page (it shows its placeholders until they come).
   */
  const dailyPractice = async ({ request }: LoaderFunctionArgs) => {
    const queries = Promise.all([
      import('./features/sessions/api/get-user-sessions'),
      import('./features/practice/api/get-today-content'),
      import('./features/practice/api/get-content-history'),
    ]);
    const banners = () => queries.then(([s]) => queryClient.prefetchQuery(s.userSessionsQueryOptions()));
    const early = getToken() ? banners() : null;
    const user = await requireMember(queryClient, request);
    const [, today, history] = await queries;
    void queryClient.prefetchQuery(today.todayContentQueryOptions());
    void queryClient.prefetchQuery(history.contentHistoryQueryOptions());
    await (early ?? banners());
    return user;
  };

  /**
   * The signed-in layout: its header's messages count and notifications, and the image host the
   * pages' pictures use, are asked for beside whoami when there is a session token, instead of
   * when the header mounts. Started there, their calls ran in the same task as the first render's
   * commit and made it the page's longest (Lighthouse's total blocking time, scripts/lighthouse.mjs).
   */
  const signedInLayout = (args: LoaderFunctionArgs) => {
    if (getToken()) {
      void Promise.all([
        import('./features/messages/api/get-unread-messages'),
        import('./features/notifications/api/get-notifications'),
        import('./components/images/use-image-config'),
      ]).then(([messages, notifications, images]) =>
        Promise.all([
          queryClient.prefetchQuery(messages.unreadMessagesQueryOptions()),
          queryClient.prefetchQuery(notifications.notificationsQueryOptions()),
          queryClient.prefetchQuery(images.imageConfigQueryOptions()),
        ]),
      );
    }
    return signedIn(args).then((user) => {
      // offline practice's start (the queue sent, saved items checked) waits until the page has loaded
      if (user.id) {
        const memberId = user.id;
        whenIdle(
          () =>
            void import('./api/member-data')
              .then(({ claimMemberData }) => claimMemberData(memberId))
              .catch(() => undefined),
          'paint',
        );
        whenIdle(
          () =>
            setTimeout(
              () =>
                void import('./features/practice/offline/offline-start')
                  .then(({ startOfflinePractice }) => startOfflinePractice(queryClient, memberId))
                  .catch(() => undefined),
              OFFLINE_START_AFTER_LOAD_MS,
            ),
          'load',
        );
      }
      return user;
    });
  };

  /** Main app routes, inside the shared layout; signed-in users only. */
  const appChildren: RouteObject[] = [
    {
      index: true,
      loader: dailyPractice,
      lazy: page(() => import('./features/practice/daily-practice-page'), 'DailyPracticePage'),
    },
    {
      path: 'past-practices',
      loader: member,
      lazy: page(() => import('./features/practice/past-practices-page'), 'PastPracticesPage'),
    },
    {
      path: 'dashboard',
      loader: facilitator,
      lazy: page(() => import('./features/earnings/dashboard-page'), 'DashboardPage'),
    },
    {
      path: 'export',
      loader: facilitator,
      lazy: page(() => import('./features/exports/export-page'), 'BusinessExportPage'),
    },
    {
      path: 'import-from-stripe',
      loader: facilitator,
      lazy: page(() => import('./features/imports/stripe-import-page'), 'StripeImportPage'),
    },
    {
      path: 'dashboard/import-members',
      loader: facilitator,
      lazy: page(() => import('./features/member-imports/import-members-page'), 'ImportMembersPage'),
    },
    {
      path: 'program',
      loader: facilitator,
      lazy: page(() => import('./features/program/program-page'), 'ProgramPage'),
    },
    {
      path: 'program/announcements',
      loader: facilitator,
      lazy: page(() => import('./features/program/announcements-page'), 'AnnouncementsPage'),
    },
    {
      path: 'program/import',
      loader: facilitator,
      lazy: page(() => import('./features/content-import/content-import-page'), 'ContentImportPage'),
    },
    {
      path: 'program/tier/:id',
      loader: facilitator,
      lazy: page(() => import('./features/program/tier-form-page'), 'TierFormPage'),
    },
    {
      path: 'program/content/:id',
      loader: facilitator,
      lazy: page(() => import('./features/program/content-form-page'), 'ContentFormPage'),
    },
    { path: 'community', lazy: page(() => import('./features/groups/community-page'), 'CommunityPage') },
    { path: 'feed', lazy: page(() => import('./features/posts/feed-page'), 'FeedPage') },
    { path: 'settings', lazy: page(() => import('./features/settings/settings-page'), 'SettingsPage') },
    { path: 'explore', lazy: page(() => import('./features/explore/explore-page'), 'ExplorePage') },
    { path: 'post/:id', lazy: page(() => import('./features/posts/post-page'), 'PostPage') },
    { path: 'profile/:id', lazy: page(() => import('./features/profiles/profile-page'), 'ProfilePage') },
    { path: 'profile', lazy: page(() => import('./features/profiles/profile-page'), 'ProfilePage') },
    {
      path: 'subscriptions',
      lazy: page(() => import('./features/subscriptions/subscriptions-page'), 'SubscriptionsPage'),
    },
    { path: 'courses', lazy: page(() => import('./features/practice/courses-page'), 'CoursesPage') },
    {
      path: 'saved-offline',
      lazy: page(() => import('./features/practice/offline/saved-offline-page'), 'SavedOfflinePage'),
    },
    { path: 'course/:id', lazy: page(() => import('./features/practice/course-page'), 'CoursePage') },
    {
      path: 'subscription/:id/:status',
      lazy: page(() => import('./features/subscriptions/subscription-result-page'), 'SubscriptionResultPage'),
    },
    { path: 'group/:id', lazy: page(() => import('./features/groups/group-page'), 'GroupPage') },
    { path: 'group/:id/moderation', lazy: page(() => import('./features/moderation/queue-page'), 'QueuePage') },
    { path: 'messages', lazy: page(() => import('./features/messages/messages-page'), 'MessagesPage') },
    {
      path: 'notifications',
      lazy: page(() => import('./features/notifications/notifications-page'), 'NotificationsPage'),
    },
  ];

  return createBrowserRouter([
    {
      Component: Root,
      // the test-mode banner sits above every page: known before the first paint, it shifts nothing;
      // the site's brand starts beside it (not when the page has rendered), without holding the page
      loader: async () => {
        void queryClient.prefetchQuery(siteQueryOptions());
        await queryClient.prefetchQuery(paymentsModeQuery());
        return null;
      },
      HydrateFallback: () => <PageLoading className="min-h-svh" />,
      errorElement: <RouteErrorFallback />,
      children: [
        ...publicRoutes,
        {
          path: '/',
          loader: signedInLayout,
          // The layout gets the messages link and the notifications menu here, so layout, messages
          // and notifications stay separate features. The menu (Headless UI) loads when the member
          // reaches for it, its bell (with its count) drawn until then.
          lazy: async () => {
            const [{ AppLayout }, { MessagesLink }, { NotificationsMenu }, { WarningNotice }] = await Promise.all([
              import('./features/layout/app-layout'),
              import('./features/messages/messages-link'),
              import('./features/notifications/notifications-menu'),
              import('./features/moderation/warning-notice'),
            ]);
            return {
              Component: () => (
                <AppLayout
                  messagesLink={<MessagesLink />}
                  notificationsMenu={<NotificationsMenu />}
                  notice={<WarningNotice />}
                />
              ),
            };
          },
          children: appChildren,
        },
        {
          // Stripe's refresh_url for an expired onboarding link: straight on to a fresh one
          path: '/settings/payouts/refresh',
          loader: signedIn,
          lazy: page(() => import('./features/settings/payout-link-refresh-page'), 'PayoutLinkRefreshPage'),
        },
        {
          // the built-in test-mode payment provider's hosted pages (no Stripe key configured)
          path: '/test-mode',
          loader: signedIn,
          children: [
            {
              path: 'checkout/:id',
              lazy: page(() => import('./features/test-mode/checkout-page'), 'TestCheckoutPage'),
            },
            { path: 'billing', lazy: page(() => import('./features/test-mode/billing-page'), 'TestBillingPage') },
            { path: 'connect', lazy: page(() => import('./features/test-mode/connect-page'), 'TestConnectPage') },
          ],
        },
        {
          path: '/admin',
          loader: admin,
          errorElement: <AdminRouteError />,
          lazy: page(() => import('./features/admin/admin-layout'), 'AdminLayout'),
          children: adminChildren,
        },
      ],
    },
  ]);
}
