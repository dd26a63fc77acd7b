import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFacilitator, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * Every route in the table, and who may call it: a route x role check generated from the route
 * table. The list comes from the app's own route table (its OpenAPI document), so a
 * route added without an entry here fails the first test. A visitor gets 401 from everything
 * not public; a member 403 from facilitator and admin routes; a facilitator 403 from admin
 * routes. Requests carry well-formed ids and no body, so a 400 (input checked first) also counts
 * as refused; nothing may answer 2xx or 5xx. Finer rules (owner, subscriber, another member) are
 * in each feature's own tests.
 */
type Audience = 'public' | 'signed-in' | 'facilitator' | 'admin';
const AUDIENCE: Record<string, Audience> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /api/image-config': 'public',
  'GET /api/image-upload-auth': 'signed-in',
  'POST /api/images/upload': 'public',
  'GET /images/{path}': 'public',
  'POST /api/app/upload': 'signed-in',
  'GET /api/app/get-signed-url/{fileKey}': 'signed-in',
  'GET /api/files/{fileKey}': 'public',
  'GET /api/auth/whoami': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/confirm': 'public',
  'POST /api/auth/2fa': 'public',
  'POST /api/auth/2fa/app': 'public',
  'POST /api/app/two-factor/app/start': 'signed-in',
  'POST /api/app/two-factor/app/confirm': 'signed-in',
  'POST /api/app/two-factor/app/remove': 'signed-in',
  'POST /api/auth/request-token': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/app/send-confirm': 'signed-in',
  'GET /api/app/sessions': 'signed-in',
  'POST /api/app/sessions/sign-out-others': 'signed-in',
  'DELETE /api/app/sessions/{id}': 'signed-in',
  'POST /api/app/report': 'signed-in',
  'GET /api/app/moderation/me': 'signed-in',
  'POST /api/app/moderation/warnings/{id}/acknowledge': 'signed-in',
  'GET /api/app/moderation': 'admin',
  'GET /api/app/group/{id}/moderation': 'signed-in',
  'POST /api/app/moderation/case/{id}/action': 'signed-in',
  'GET /api/app/group/{id}/moderators': 'signed-in',
  'POST /api/app/group/{id}/moderators': 'signed-in',
  'DELETE /api/app/group/{id}/moderators/{userId}': 'signed-in',
  'GET /api/app/notifications': 'signed-in',
  'GET /api/app/blocks': 'signed-in',
  'GET /api/app/block/{id}': 'signed-in',
  'POST /api/app/block/{id}': 'signed-in',
  'DELETE /api/app/block/{id}': 'signed-in',
  'GET /api/app/notifications/view-all': 'signed-in',
  'GET /api/app/notifications/view/{id}': 'signed-in',
  'POST /api/app/announcement': 'facilitator',
  'POST /api/app/announcement/preview': 'facilitator',
  'POST /api/app/announcement/test': 'facilitator',
  'GET /api/app/announcement/audience': 'facilitator',
  'GET /api/app/announcement': 'facilitator',
  'GET /api/app/email-preferences': 'signed-in',
  'POST /api/app/email-preferences': 'signed-in',
  'GET /api/push/key': 'public',
  'POST /api/push/resubscribe': 'public',
  'GET /api/app/push': 'signed-in',
  'POST /api/app/push/subscribe': 'signed-in',
  'DELETE /api/app/push/devices/{id}': 'signed-in',
  'POST /api/app/push/preferences': 'signed-in',
  'GET /api/unsubscribe/info': 'public',
  'POST /api/unsubscribe': 'public',
  'GET /api/app/facilitator/first-day': 'facilitator',
  'GET /api/app/tier/{id}': 'signed-in',
  'POST /api/app/tier/{id}': 'signed-in',
  'DELETE /api/app/tier/{id}': 'signed-in',
  'POST /api/app/tier': 'facilitator',
  'GET /api/app/tier/{id}/deletable': 'signed-in',
  'POST /api/app/tier/{id}/gifts': 'signed-in',
  'GET /api/app/gifts': 'signed-in',
  'POST /api/app/gifts/{id}/resend': 'signed-in',
  'POST /api/app/gifts/{id}/recipient': 'signed-in',
  'POST /api/gifts/view': 'public',
  'POST /api/app/gifts/claim': 'signed-in',
  'GET /api/app/tier/{id}/grants': 'signed-in',
  'POST /api/app/member-imports': 'facilitator',
  'GET /api/app/member-imports/{id}': 'facilitator',
  'POST /api/app/member-imports/{id}/preview': 'facilitator',
  'POST /api/app/member-imports/{id}/run': 'facilitator',
  'GET /api/app/member-imports/{id}/report': 'facilitator',
  'POST /api/app/tier/{id}/grants': 'signed-in',
  'DELETE /api/app/tier/{id}/grants/{grantId}': 'signed-in',
  'GET /api/app/tier/{id}/offers': 'signed-in',
  'POST /api/app/tier/{id}/offers': 'signed-in',
  'PUT /api/app/tier/{id}/offers/{offerId}': 'signed-in',
  'POST /api/app/tier/{id}/offers/{offerId}/archive': 'signed-in',
  'GET /api/offers/{facilitatorId}/{code}': 'public',
  'GET /api/app/content/{id}': 'signed-in',
  'POST /api/app/content/{id}': 'signed-in',
  'DELETE /api/app/content/{id}': 'signed-in',
  'POST /api/app/content': 'facilitator',
  'POST /api/app/content-imports/feed-preview': 'facilitator',
  'POST /api/app/content-imports/feed': 'facilitator',
  'POST /api/app/content-imports/zip': 'facilitator',
  'POST /api/app/content-imports/files': 'facilitator',
  'GET /api/app/content-imports': 'facilitator',
  'GET /api/app/content-imports/{id}': 'facilitator',
  'POST /api/app/content-imports/{id}/retry': 'facilitator',
  'GET /api/app/content': 'signed-in',
  'GET /api/app': 'signed-in',
  'GET /api/app/content-history': 'signed-in',
  'GET /api/app/complete-content/{id}': 'signed-in',
  'GET /api/app/favourite-content/{id}': 'signed-in',
  'POST /api/app/accessible-content': 'signed-in',
  'GET /api/app/increase-content-hits/{id}': 'signed-in',
  'POST /api/app/track-engagement': 'signed-in',
  'POST /api/app/create-journal': 'signed-in',
  'POST /api/app/journal': 'signed-in',
  'GET /api/app/playback-position/{id}': 'signed-in',
  'PUT /api/app/playback-position/{id}': 'signed-in',
  'GET /api/app/full-courses': 'signed-in',
  'GET /api/app/course/{id}': 'signed-in',
  'GET /api/app/subscribe/{tierId}': 'signed-in',
  'GET /api/app/checkout-result/{ref}': 'signed-in',
  'GET /api/app/own-group': 'signed-in',
  'GET /api/app/tags': 'signed-in',
  'GET /api/app/group': 'signed-in',
  'POST /api/app/group': 'signed-in',
  'GET /api/app/group/{id}': 'signed-in',
  'POST /api/app/group/{id}': 'signed-in',
  'GET /api/app/group-display-data/{id}': 'signed-in',
  'GET /api/app/group-details/{id}': 'signed-in',
  'POST /api/app/join-group/{id}': 'signed-in',
  'DELETE /api/app/leave-group/{id}': 'signed-in',
  'GET /api/app/membership-requests/{id}': 'signed-in',
  'POST /api/app/update-request/{id}': 'signed-in',
  'GET /api/payments/mode': 'public',
  'GET /api/app/subscriptions': 'signed-in',
  'GET /api/app/subscriptions/{id}': 'signed-in',
  'POST /api/app/subscriptions/{id}/interval': 'signed-in',
  'GET /api/app/subscribe/{tierId}/create-checkout-session': 'signed-in',
  'POST /api/app/subscription-action/cancel': 'signed-in',
  'POST /api/app/subscription-action/restart': 'signed-in',
  'GET /api/app/stripe-billing-portal': 'signed-in',
  'GET /api/app/link-facilitator-bank-account': 'facilitator',
  'GET /api/app/stripe-login-link': 'facilitator',
  'GET /api/app/payouts/account': 'facilitator',
  'GET /api/app/facilitator/dashboard': 'facilitator',
  'GET /api/app/facilitator/revenue': 'facilitator',
  'GET /api/app/facilitator/money': 'facilitator',
  'GET /api/app/facilitator/members': 'facilitator',
  'GET /api/app/facilitator/members.csv': 'facilitator',
  'POST /api/app/facilitator/exports': 'facilitator',
  'GET /api/app/facilitator/exports': 'facilitator',
  'POST /api/admin/exports': 'admin',
  'GET /api/admin/exports': 'admin',
  'GET /api/app/exports/{id}/download': 'signed-in',
  'GET /api/app/facilitator/revenue.csv': 'facilitator',
  'GET /api/app/facilitator/payouts': 'facilitator',
  'GET /api/app/facilitator/imports/stripe/preview': 'facilitator',
  'POST /api/app/facilitator/imports/stripe': 'facilitator',
  'GET /api/app/facilitators': 'signed-in',
  'GET /api/app/profile': 'signed-in',
  'POST /api/app/profile': 'signed-in',
  'POST /api/app/me/become-facilitator': 'signed-in',
  'GET /api/app/account/export': 'signed-in',
  'POST /api/app/account/delete': 'signed-in',
  'GET /api/app/facilitator/own': 'signed-in',
  'GET /api/app/facilitator/own/tiers': 'signed-in',
  'GET /api/app/facilitator/own/posts': 'signed-in',
  'GET /api/app/facilitator/own/groups': 'signed-in',
  'GET /api/app/facilitator/own/in-groups': 'signed-in',
  'GET /api/app/facilitator/{id}/posts': 'signed-in',
  'GET /api/app/facilitator/{id}/groups': 'signed-in',
  'GET /api/app/facilitator/{id}': 'signed-in',
  'GET /api/app/facilitator/{id}/tiers': 'signed-in',
  'GET /api/app/inspiration': 'signed-in',
  'GET /api/app/search-posts': 'signed-in',
  'GET /api/app/get-group-posts/{id}': 'signed-in',
  'POST /api/app/post': 'signed-in',
  'GET /api/app/view-post/{id}': 'signed-in',
  'GET /api/app/post/{id}/comments': 'signed-in',
  'GET /api/app/increase-post-hits/{id}': 'signed-in',
  'GET /api/app/post/{id}/heart': 'signed-in',
  'POST /api/app/create-comment/{id}': 'signed-in',
  'POST /api/app/edit-post/{id}': 'signed-in',
  'POST /api/app/edit-comment/{id}': 'signed-in',
  'DELETE /api/app/get-posts/{id}': 'signed-in',
  'GET /api/app/facilitator/own/sessions': 'signed-in',
  'GET /api/app/facilitator/{id}/sessions': 'signed-in',
  'POST /api/app/facilitator/sessions': 'facilitator',
  'POST /api/app/facilitator/sessions/{id}': 'signed-in',
  'GET /api/app/delete-session/{id}': 'signed-in',
  'POST /api/app/book-free-session': 'signed-in',
  'POST /api/app/session/create-checkout-session': 'signed-in',
  'GET /api/app/user/bookings': 'signed-in',
  'GET /api/app/user-sessions': 'signed-in',
  'GET /api/app/session/{id}': 'signed-in',
  'GET /api/app/calendar-feed': 'signed-in',
  'POST /api/app/calendar-feed': 'signed-in',
  'DELETE /api/app/calendar-feed': 'signed-in',
  'GET /api/app/referrals': 'signed-in',
  'POST /api/app/subscription-action/start-paying': 'signed-in',
  'POST /api/app/subscription-action/cancel-trial': 'signed-in',
  'GET /api/app/facilitator/referrals': 'facilitator',
  'GET /api/app/facilitator/referral-reward': 'facilitator',
  'PUT /api/app/facilitator/referral-reward': 'facilitator',
  'GET /calendar/{file}': 'public',
  'POST /api/app/facilitator/session-series': 'facilitator',
  'GET /api/app/facilitator/session-series': 'facilitator',
  'GET /api/app/facilitator/sessions/{id}/recording': 'signed-in',
  'PUT /api/app/facilitator/sessions/{id}/recording': 'signed-in',
  'DELETE /api/app/facilitator/sessions/{id}/recording': 'signed-in',
  'GET /api/app/user/recorded-sessions': 'signed-in',
  'GET /api/app/facilitator/session-series/{id}': 'signed-in',
  'POST /api/app/facilitator/session-series/{id}/edit': 'signed-in',
  'POST /api/app/facilitator/session-series/{id}/delete': 'signed-in',
  'GET /api/app/session-series/{id}/booking': 'signed-in',
  'GET /api/app/session-series/{id}/booking.ics': 'signed-in',
  'POST /api/app/session-series/{id}/book': 'signed-in',
  'POST /api/app/session-series/{id}/cancel-booking': 'signed-in',
  'POST /api/app/session/{id}/cancel-booking': 'signed-in',
  'POST /api/app/facilitator/sessions/{id}/remove-booking': 'signed-in',
  'POST /api/app/session/{id}/waitlist': 'signed-in',
  'DELETE /api/app/session/{id}/waitlist': 'signed-in',
  'POST /api/app/session/{id}/leave-waitlist': 'signed-in',
  'GET /api/app/facilitator/session-defaults': 'facilitator',
  'GET /api/app/facilitator/sessions/{id}/attendance': 'signed-in',
  'POST /api/app/facilitator/sessions/{id}/attendance': 'signed-in',
  'POST /api/app/session/{id}/joined': 'signed-in',
  'POST /api/app/session/{id}/feedback': 'signed-in',
  'GET /api/app/facilitator/sessions/{id}/feedback': 'signed-in',
  'GET /api/app/user/feedback-prompts': 'signed-in',
  'POST /api/app/session/{id}/book-with-credit': 'signed-in',
  'GET /api/app/user/session-credits': 'signed-in',
  'GET /api/app/room': 'signed-in',
  'POST /api/app/room': 'signed-in',
  'GET /api/app/get-messages/{room}': 'signed-in',
  'GET /api/app/unread-messages': 'signed-in',
  'POST /api/app/read-room/{room}': 'signed-in',
  'POST /api/app/message': 'signed-in',
  'GET /api/admin/tag': 'admin',
  'POST /api/admin/tag': 'admin',
  'GET /api/admin/tag/{id}': 'admin',
  'POST /api/admin/tag/{id}': 'admin',
  'DELETE /api/admin/tag/{id}': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/user': 'admin',
  'POST /api/admin/user': 'admin',
  'GET /api/admin/user/{id}': 'admin',
  'POST /api/admin/user/{id}': 'admin',
  'DELETE /api/admin/user/{id}': 'admin',
  'GET /api/admin/facilitator': 'admin',
  'POST /api/admin/facilitator': 'admin',
  'GET /api/admin/facilitator/{id}': 'admin',
  'POST /api/admin/facilitator/{id}': 'admin',
  'DELETE /api/admin/facilitator/{id}': 'admin',
  'GET /api/admin/facilitator/{id}/tiers': 'admin',
  'DELETE /api/admin/facilitator/{id}/tiers/{tierId}': 'admin',
  'GET /api/admin/tier/{id}': 'admin',
  'POST /api/admin/tier/{id}': 'admin',
  'GET /api/admin/group': 'admin',
  'POST /api/admin/group': 'admin',
  'GET /api/admin/group/{id}': 'admin',
  'POST /api/admin/group/{id}': 'admin',
  'DELETE /api/admin/group/{id}': 'admin',
  'GET /api/admin/group/{id}/posts': 'admin',
  'GET /api/admin/post/{id}': 'admin',
  'POST /api/admin/post/{id}': 'admin',
  'DELETE /api/admin/post/{id}': 'admin',
  'DELETE /api/admin/comment/{id}': 'admin',
  'GET /api/admin/user/{id}/subscriptions': 'admin',
  'GET /api/admin/user/{id}/payments': 'admin',
  'GET /api/admin/facilitator/{id}/subscribers': 'admin',
  'POST /api/admin/subscription/{id}/cancel': 'admin',
  'POST /api/admin/payment/{id}/refund': 'admin',
  'GET /api/setup/owner': 'public',
  'POST /api/setup/owner': 'public',
  'GET /api/site': 'public',
  'GET /manifest.webmanifest': 'public',
  'GET /app-icons/{name}': 'public',
  'GET /api/site/page/{name}': 'public',
  'GET /api/admin/site': 'admin',
  'POST /api/admin/site': 'admin',
  'GET /api/test-mode/checkout/{id}': 'signed-in',
  'POST /api/test-mode/checkout/{id}/pay': 'signed-in',
  'GET /api/test-mode/billing': 'signed-in',
  'POST /api/test-mode/billing/cancel': 'signed-in',
  'POST /api/test-mode/billing/resume': 'signed-in',
  'POST /api/test-mode/billing/renew': 'signed-in',
  'POST /api/test-mode/billing/fail': 'signed-in',
  'POST /api/test-mode/connect/complete': 'signed-in',
};

let t: TestApp;
let routes: string[];
beforeAll(async () => {
  t = await startTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
});
afterAll(() => t.close());

/** A request to a route with its path parameters filled in (ids, file keys, image paths). */
const urlOf = (path: string) =>
  path
    .replace('{fileKey}', `${randomUUID()}.mp3`)
    .replace('{path}', `${randomUUID()}.png`)
    .replace(/\{[^}]+\}/g, () => randomUUID());

async function ask(route: string, token?: string) {
  const [method, path] = route.split(' ') as [string, string];
  return t.app.inject({
    method: method as 'GET',
    url: urlOf(path),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

const refused = (status: number, expected: number) => status === expected || status === 400;

describe('the route table', () => {
  it('has an audience for every route, and no entry for a route that is gone', () => {
    expect(routes.filter((r) => !(r in AUDIENCE))).toEqual([]);
    expect(Object.keys(AUDIENCE).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('refuses a visitor (401) on every route that is not public, and never answers 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await ask(route);
      if (res.statusCode >= 500 || (AUDIENCE[route] !== 'public' && !refused(res.statusCode, 401)))
        wrong.push(`${route} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a member (403) on facilitator and admin routes, and a facilitator on admin routes', async () => {
    const member = await buildUser(t.db);
    const facilitator = await buildFacilitator(t.db);
    const wrong: string[] = [];
    for (const route of routes) {
      const audience = AUDIENCE[route];
      if (audience === 'facilitator' || audience === 'admin') {
        const res = await ask(route, member.token);
        if (!refused(res.statusCode, 403)) wrong.push(`member: ${route} -> ${res.statusCode}`);
      }
      if (audience === 'admin') {
        const res = await ask(route, facilitator.token);
        if (!refused(res.statusCode, 403)) wrong.push(`facilitator: ${route} -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
