// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';
import { FacilitatorPlans } from './facilitator-plans';
import { paymentRedirect } from './payment-redirect';
import {
  buildProfile,
  buildSubscription,
  buildTier,
  COURSE_TIER_ID,
  FACILITATOR_ID,
  fakeSubscriptionsServer,
  PAID_TIER_ID,
} from './testing/fake-subscriptions-server';

resetPageBetweenTests({ token: 'member-token' });

const freeTier = buildTier({ name: 'Morning Circle' });
const paidTier = buildTier({ _id: PAID_TIER_ID, name: 'Deep Breath Club', price: 12 });
const course = buildTier({
  _id: COURSE_TIER_ID,
  name: 'Thirty days of calm',
  price: 49,
  type: 'single',
  releaseAllContent: true,
});
const draft = buildTier({ _id: '70000000-0000-4000-8000-000000000009', name: 'Secret draft', published: false });

/** The Plans section as a profile shows it (features/profiles tests the page around it). */
function openProfile({ isOwner = false } = {}) {
  return renderPage(
    <>
      <FacilitatorPlans facilitatorId={FACILITATOR_ID} isOwner={isOwner} />
      <Toaster />
    </>,
    { path: '/profile/:id', url: `/profile/${FACILITATOR_ID}` },
  );
}

const plan = async (name: string) => within(await screen.findByRole('article', { name }));

describe('Plans on the profile', () => {
  it('labels each plan and prices subscriptions per month', async () => {
    fakeSubscriptionsServer({ subscriptions: [], profile: buildProfile(), tiers: [freeTier, paidTier, course] });
    openProfile();

    const paid = await plan('Deep Breath Club');
    expect(paid.getByText('Subscription')).toBeTruthy();
    expect(paid.getByText('/ month')).toBeTruthy();
    expect(paid.getByText(/^\$12$/)).toBeTruthy();
    const once = await plan('Thirty days of calm');
    expect(once.getByText('Course')).toBeTruthy();
    expect(once.queryByText('/ month')).toBeNull();
    expect((await plan('Morning Circle')).getByText('Free')).toBeTruthy();
  });

  it("prices a yearly plan '/ year' and a weekly one '/ week', and offers a plan's free trial", async () => {
    const yearly = buildTier({ _id: PAID_TIER_ID, name: 'A Year of Calm', price: 120, interval: 'year', trialDays: 7 });
    const weekly = buildTier({
      _id: '70000000-0000-4000-8000-000000000004',
      name: 'Weekly Sit',
      price: 5,
      interval: 'week',
    });
    const freeWithTrial = buildTier({ name: 'Morning Circle', interval: 'year', trialDays: 7 });
    fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [yearly, weekly, freeWithTrial, course],
    });
    openProfile();

    const year = await plan('A Year of Calm');
    expect(year.getByText(/^\$120$/)).toBeTruthy();
    expect(year.getByText('/ year')).toBeTruthy();
    expect(year.getByText('7 days free, then $120 / year')).toBeTruthy();
    const week = await plan('Weekly Sit');
    expect(week.getByText('/ week')).toBeTruthy();
    expect(week.queryByText(/days? free/)).toBeNull();
    // a free plan has no interval and nothing to try for free; a course keeps its one-off price
    const free = await plan('Morning Circle');
    expect(free.getByText('Free')).toBeTruthy();
    expect(free.queryByText(/\/ year|free trial/)).toBeNull();
    expect((await plan('Thirty days of calm')).getByText(/^\$49$/)).toBeTruthy();
  });

  it("says 'No Plans Available' when nothing is published", async () => {
    fakeSubscriptionsServer({ subscriptions: [], profile: buildProfile(), tiers: [] });
    openProfile();
    expect(await screen.findByText('No Plans Available')).toBeTruthy();
  });

  it('the owner sees only published plans and no buttons', async () => {
    fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [freeTier, draft],
      viewerId: FACILITATOR_ID,
    });
    openProfile({ isOwner: true });
    const own = await plan('Morning Circle');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Edit programs and tiers' })).toBeTruthy());
    expect(own.queryByRole('button')).toBeNull();
    expect(own.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('article', { name: 'Secret draft' })).toBeNull();
  });
});

describe('Plan buttons on the profile', () => {
  it("'Subscribe' joins a free plan on the spot, then offers 'View in My Subscriptions'", async () => {
    const { requests } = fakeSubscriptionsServer({ subscriptions: [], profile: buildProfile(), tiers: [freeTier] });
    const { user } = openProfile();

    await user.click((await plan('Morning Circle')).getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText("You're subscribed to Morning Circle!")).toBeTruthy();
    const view = await (await plan('Morning Circle')).findByRole('link', { name: 'View in My Subscriptions' });
    expect(view.getAttribute('href')).toBe('/subscriptions#active');
    expect(requests.map((r) => r.path)).toContain(`app/subscribe/${freeTier._id}`);
  });

  it("'Subscribe' and 'Get Course' on paid plans go to the hosted checkout", async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    fakeSubscriptionsServer({ subscriptions: [], profile: buildProfile(), tiers: [paidTier, course] });
    const { user } = openProfile();

    await user.click((await plan('Thirty days of calm')).getByRole('button', { name: 'Get Course' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(`/test-mode/checkout/cs_test_${COURSE_TIER_ID}`));
    // Busy until the browser has left.
    expect(
      (await plan('Thirty days of calm')).getByRole('button', { name: 'Get Course' }).hasAttribute('disabled'),
    ).toBe(true);

    await user.click((await plan('Deep Breath Club')).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(`/test-mode/checkout/cs_test_${PAID_TIER_ID}`));
  });

  it('a paid plan of a facilitator who cannot take payments says so instead of offering a button', async () => {
    fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [
        { ...paidTier, payable: false },
        { ...freeTier, payable: true },
      ],
    });
    openProfile();
    const paid = await plan('Deep Breath Club');
    expect(paid.getByText('This facilitator cannot take payments yet.')).toBeTruthy();
    expect(paid.queryByRole('button')).toBeNull();
    expect(await (await plan('Morning Circle')).findByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it('lists what each plan includes, then the facilitator’s own points; a plan with nothing lists nothing', async () => {
    fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [
        {
          ...paidTier,
          features: ['A welcome call'],
          includes: { groupName: 'Morning Circle', directMessaging: true, contentItems: 12, sessionCredits: 2 },
        },
        { ...course, includes: { groupName: null, directMessaging: false, contentItems: 1, sessionCredits: 0 } },
        {
          ...freeTier,
          features: [],
          includes: { groupName: null, directMessaging: false, contentItems: 0, sessionCredits: 0 },
        },
      ],
    });
    openProfile();
    const paid = await plan('Deep Breath Club');
    const lines = paid.getByRole('list', { name: 'Includes' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '12 content items',
      '2 live sessions a month',
      'The Morning Circle group',
      'Direct messages with the facilitator',
      'A welcome call',
    ]);
    const once = await plan('Thirty days of calm');
    expect(within(once.getByRole('list', { name: 'Includes' })).getByText('1 content item, all at once')).toBeTruthy();
    expect((await plan('Morning Circle')).queryByRole('list', { name: 'Includes' })).toBeNull();
  });

  it("an active subscription links to 'View in My Subscriptions'", async () => {
    fakeSubscriptionsServer({
      subscriptions: [buildSubscription(paidTier)],
      profile: buildProfile(),
      tiers: [paidTier],
    });
    openProfile();
    const link = await (await plan('Deep Breath Club')).findByRole('link', { name: 'View in My Subscriptions' });
    expect(link.getAttribute('href')).toBe('/subscriptions#active');
  });

  it("an ended free subscription offers 'Reactivate Subscription', which restarts it", async () => {
    const ended = buildSubscription(freeTier, {
      cancelled: true,
      isActive: false,
      endDate: '2026-03-20T08:00:00.000Z',
    });
    const { requests } = fakeSubscriptionsServer({
      subscriptions: [ended],
      profile: buildProfile(),
      tiers: [freeTier],
    });
    const { user } = openProfile();

    await user.click(await (await plan('Morning Circle')).findByRole('button', { name: 'Reactivate Subscription' }));

    expect(await screen.findByText('Morning Circle is active again.')).toBeTruthy();
    expect(requests).toContainEqual({ path: 'app/subscription-action/restart', body: { sub: ended._id } });
    expect(await (await plan('Morning Circle')).findByRole('link', { name: 'View in My Subscriptions' })).toBeTruthy();
  });

  it('an ended paid subscription reactivates through checkout', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const ended = buildSubscription(paidTier, {
      cancelled: true,
      isActive: false,
      endDate: '2026-03-20T08:00:00.000Z',
      stripeDetails: { status: 'canceled' },
    });
    fakeSubscriptionsServer({ subscriptions: [ended], profile: buildProfile(), tiers: [paidTier] });
    const { user } = openProfile();

    await user.click(await (await plan('Deep Breath Club')).findByRole('button', { name: 'Reactivate Subscription' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(`/test-mode/checkout/cs_test_${PAID_TIER_ID}`));
  });

  it("a refused checkout shows the server's reason in a toast and the button is usable again", async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [paidTier],
      checkoutError: 'plan_already_held',
    });
    const { user } = openProfile();

    const subscribe = (await plan('Deep Breath Club')).getByRole('button', { name: 'Subscribe' });
    await user.click(subscribe);

    expect(await screen.findByText('You already have this plan.')).toBeTruthy();
    await waitFor(() => expect(subscribe.hasAttribute('disabled')).toBe(false));
    expect(go).not.toHaveBeenCalled();
  });
});
