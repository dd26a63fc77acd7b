// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { PAYMENT_TEXTS } from '@common/payments/schemas';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';
import { paymentRedirect } from './payment-redirect';
import { SubscriptionsPage } from './subscriptions-page';
import { SUBSCRIPTION_TEXTS, TRIAL_TEXTS } from './subscription-texts';
import {
  buildSubscription,
  buildTier,
  fakeSubscriptionsServer,
  PAID_TIER_ID,
} from './testing/fake-subscriptions-server';

resetPageBetweenTests({ token: 'member-token' });

const freeTier = buildTier({ name: 'Morning Circle', allowDirectMessaging: true });
const paidTier = buildTier({ _id: PAID_TIER_ID, name: 'Deep Breath Club', price: 12 });

function HashProbe() {
  return <p data-testid="hash">{useLocation().hash}</p>;
}

function openSubscriptions(hash = '') {
  return renderPage(
    <>
      <SubscriptionsPage />
      <HashProbe />
      <Toaster />
    </>,
    { path: '/subscriptions', url: `/subscriptions${hash}` },
  );
}

const card = (name: string) => screen.getByRole('article', { name });

describe('My Subscriptions tabs', () => {
  it('opens on Active without a hash, and the hash follows the chosen tab', async () => {
    fakeSubscriptionsServer({
      subscriptions: [buildSubscription(freeTier), buildSubscription(paidTier, { isActive: false, cancelled: true })],
    });
    const { user } = openSubscriptions();

    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('article', { name: 'Morning Circle' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Deep Breath Club' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Inactive' }));
    expect(screen.getByTestId('hash').textContent).toBe('#inactive');
    expect(await screen.findByRole('article', { name: 'Deep Breath Club' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Active' }));
    expect(screen.getByTestId('hash').textContent).toBe('#active');
  });

  it('#inactive in the address selects the Inactive tab', async () => {
    fakeSubscriptionsServer({
      subscriptions: [buildSubscription(freeTier), buildSubscription(paidTier, { isActive: false, cancelled: true })],
    });
    openSubscriptions('#inactive');
    expect(screen.getByRole('tab', { name: 'Inactive' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('article', { name: 'Deep Breath Club' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Morning Circle' })).toBeNull();
  });

  it('says so when a tab is empty', async () => {
    fakeSubscriptionsServer({ subscriptions: [] });
    const { user } = openSubscriptions();
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.noActive)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Inactive' }));
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.noInactive)).toBeTruthy();
  });
});

describe('Subscription card', () => {
  it('shows tier, facilitator, start date, status and price, and Message Facilitator when the tier allows it', async () => {
    fakeSubscriptionsServer({ subscriptions: [buildSubscription(freeTier), buildSubscription(paidTier)] });
    openSubscriptions('#active');

    const free = within(await screen.findByRole('article', { name: 'Morning Circle' }));
    expect(free.getByRole('link', { name: 'Mira Stone' }).getAttribute('href')).toBe(`/profile/${freeTier.user}`);
    expect(free.getByText('03/14/2026')).toBeTruthy();
    expect(free.getByText('Active')).toBeTruthy();
    expect(free.getByText('Free')).toBeTruthy();
    expect(free.getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
    expect(free.getByRole('link', { name: 'Message Facilitator' }).getAttribute('href')).toBe('/messages');

    const paid = within(card('Deep Breath Club'));
    expect(paid.getByText('$12 / month')).toBeTruthy();
    expect(paid.queryByRole('link', { name: 'Message Facilitator' })).toBeNull();
  });

  it('a running paid subscription says when it renews', async () => {
    fakeSubscriptionsServer({
      subscriptions: [buildSubscription(paidTier, { isPaid: true, renewsAt: '2026-12-12T12:00:00.000Z' })],
    });
    openSubscriptions('#active');
    const paid = within(await screen.findByRole('article', { name: 'Deep Breath Club' }));
    expect(paid.getByText('Active · renews 12/12/2026')).toBeTruthy();
  });

  it('a paid course has nothing to manage: the card opens the course instead', async () => {
    const course = buildTier({ name: 'Breath Foundations', type: 'single', price: 30 });
    fakeSubscriptionsServer({ subscriptions: [buildSubscription(course, { isPaid: true })] });
    openSubscriptions('#active');
    const bought = within(await screen.findByRole('article', { name: 'Breath Foundations' }));
    expect(bought.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
    expect(bought.getByRole('link', { name: 'Open course' }).getAttribute('href')).toBe(`/course/${course._id}`);
    expect(bought.getByText('$30')).toBeTruthy();
  });

  it('a free course reads like a paid one: Open course, nothing to manage', async () => {
    const course = buildTier({ name: 'Gentle Start', type: 'single', price: 0 });
    fakeSubscriptionsServer({ subscriptions: [buildSubscription(course)] });
    openSubscriptions('#active');
    const kept = within(await screen.findByRole('article', { name: 'Gentle Start' }));
    expect(kept.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
    expect(kept.getByRole('link', { name: 'Open course' }).getAttribute('href')).toBe(`/course/${course._id}`);
  });

  it("a plan cancelled at the period's end stays under Active as 'Ends on', with Message Facilitator, until then", async () => {
    const messaging = buildTier({ _id: PAID_TIER_ID, name: 'Deep Breath Club', price: 12, allowDirectMessaging: true });
    const endDate = new Date(Date.now() + 10 * 86_400_000);
    const ending = buildSubscription(messaging, {
      isActive: false,
      cancelled: true,
      cancelAtPeriodEnd: true,
      endDate: endDate.toISOString(),
      stripeDetails: { status: 'active' },
    });
    fakeSubscriptionsServer({ subscriptions: [ending] });
    openSubscriptions('#active');
    const plan = within(await screen.findByRole('article', { name: 'Deep Breath Club' }));
    const mmddyyyy = `${String(endDate.getMonth() + 1).padStart(2, '0')}/${String(endDate.getDate()).padStart(2, '0')}/${endDate.getFullYear()}`;
    expect(plan.getByText(`Ends on ${mmddyyyy}`)).toBeTruthy();
    expect(plan.getByRole('link', { name: 'Message Facilitator' })).toBeTruthy();
    expect(plan.getByRole('button', { name: 'Manage Subscription' })).toBeTruthy();
  });

  it("prices a subscription per its interval: '/ year', '/ week'", async () => {
    const yearly = buildTier({ _id: PAID_TIER_ID, name: 'A Year of Calm', price: 120, interval: 'year' });
    const weekly = buildTier({
      _id: '70000000-0000-4000-8000-000000000004',
      name: 'Weekly Sit',
      price: 4.5,
      interval: 'week',
    });
    const freeYearly = buildTier({ name: 'Morning Circle', interval: 'year' });
    fakeSubscriptionsServer({
      subscriptions: [buildSubscription(yearly), buildSubscription(weekly), buildSubscription(freeYearly)],
    });
    openSubscriptions('#active');
    expect(
      within(await screen.findByRole('article', { name: 'A Year of Calm' })).getByText('$120 / year'),
    ).toBeTruthy();
    expect(within(card('Weekly Sit')).getByText('$4.50 / week')).toBeTruthy();
    expect(within(card('Morning Circle')).getByText('Free')).toBeTruthy();
  });
});

describe('Free subscription dialogs', () => {
  it('cancelling asks first, calls the API and moves the card to Inactive', async () => {
    const { requests } = fakeSubscriptionsServer({ subscriptions: [buildSubscription(freeTier)] });
    const { user } = openSubscriptions('#active');

    await user.click(
      within(await screen.findByRole('article', { name: 'Morning Circle' })).getByRole('button', {
        name: 'Manage Subscription',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Subscription' });
    expect(within(dialog).getByText(SUBSCRIPTION_TEXTS.cancelText)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Keep this subscription' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Morning Circle' })).toBeNull());
    expect(requests).toContainEqual({
      path: 'app/subscription-action/cancel',
      body: { sub: buildSubscription(freeTier)._id },
    });
    expect(await screen.findByText('Morning Circle was cancelled. You can restart it any time.')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Inactive' }));
    const moved = within(await screen.findByRole('article', { name: 'Morning Circle' }));
    expect(moved.getByText('Cancelled on 04/01/2026')).toBeTruthy();
    // A cancelled subscription offers no messages.
    expect(moved.queryByRole('link', { name: 'Message Facilitator' })).toBeNull();
  });

  it("'Keep this subscription' closes without a call", async () => {
    const { requests } = fakeSubscriptionsServer({ subscriptions: [buildSubscription(freeTier)] });
    const { user } = openSubscriptions();
    await user.click(
      within(await screen.findByRole('article', { name: 'Morning Circle' })).getByRole('button', {
        name: 'Manage Subscription',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Keep this subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.path.startsWith('app/subscription-action'))).toBe(false);
    expect(card('Morning Circle')).toBeTruthy();
  });

  it('a cancelled one can be restarted and moves back to Active', async () => {
    const cancelled = buildSubscription(freeTier, {
      cancelled: true,
      isActive: false,
      endDate: '2026-03-20T08:00:00.000Z',
    });
    const { requests } = fakeSubscriptionsServer({ subscriptions: [cancelled] });
    const { user } = openSubscriptions('#inactive');

    await user.click(
      within(await screen.findByRole('article', { name: 'Morning Circle' })).getByRole('button', {
        name: 'Manage Subscription',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Restart Subscription' });
    expect(within(dialog).getByText(SUBSCRIPTION_TEXTS.restartText)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Not right now' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Restart Subscription' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Morning Circle' })).toBeNull());
    expect(requests).toContainEqual({ path: 'app/subscription-action/restart', body: { sub: cancelled._id } });
    await user.click(screen.getByRole('tab', { name: 'Active' }));
    expect(await screen.findByRole('article', { name: 'Morning Circle' })).toBeTruthy();
  });
});

describe('Paid subscription dialog', () => {
  it("'Go to manage' opens the billing portal behind the redirect dialog", async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const { requests } = fakeSubscriptionsServer({ subscriptions: [buildSubscription(paidTier)] });
    const { user } = openSubscriptions();

    await user.click(
      within(await screen.findByRole('article', { name: 'Deep Breath Club' })).getByRole('button', {
        name: 'Manage Subscription',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Manage Subscription' });
    expect(within(dialog).getByText(SUBSCRIPTION_TEXTS.manageText)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Keep these settings' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Go to manage' }));

    expect(await screen.findByRole('dialog', { name: PAYMENT_TEXTS.redirecting })).toBeTruthy();
    expect(
      requests.map((r) => r.path).some((p) => p.startsWith('app/stripe-billing-portal?rd=subscriptions&subscription=')),
    ).toBe(true);
    expect(go).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_123');
  });

  describe('a paid subscription in its free trial', () => {
    const trialing = () =>
      buildSubscription(paidTier, { stripeDetails: { status: 'trialing' }, renewsAt: '2026-04-01T12:00:00.000Z' });
    const openManage = async (user: ReturnType<typeof openSubscriptions>['user']) => {
      await user.click(
        within(await screen.findByRole('article', { name: 'Deep Breath Club' })).getByRole('button', {
          name: 'Manage Subscription',
        }),
      );
      return within(await screen.findByRole('alertdialog', { name: 'Manage Subscription' }));
    };

    it('says when the trial ends and what it then costs, and Start paying now ends it', async () => {
      const { requests } = fakeSubscriptionsServer({ subscriptions: [trialing()] });
      const { user } = openSubscriptions();
      const dialog = await openManage(user);
      expect(dialog.getByText('Your trial ends on 04/01/2026; your first charge of $12 / month is then.')).toBeTruthy();
      await user.click(dialog.getByRole('button', { name: TRIAL_TEXTS.startPaying }));
      expect(await screen.findByText(TRIAL_TEXTS.startPayingDone('Deep Breath Club'))).toBeTruthy();
      expect(requests.filter((r) => r.path === 'app/subscription-action/start-paying').map((r) => r.body)).toEqual([
        { sub: trialing()._id },
      ]);
    });

    it('Cancel before the first charge sets it to end with the trial', async () => {
      const { requests } = fakeSubscriptionsServer({ subscriptions: [trialing()] });
      const { user } = openSubscriptions();
      const dialog = await openManage(user);
      await user.click(dialog.getByRole('button', { name: TRIAL_TEXTS.cancel }));
      expect(await screen.findByText(TRIAL_TEXTS.cancelDone('Deep Breath Club'))).toBeTruthy();
      expect(requests.map((r) => r.path)).toContain('app/subscription-action/cancel-trial');
    });

    it('a plan past its trial offers neither', async () => {
      fakeSubscriptionsServer({ subscriptions: [buildSubscription(paidTier)] });
      const { user } = openSubscriptions();
      const dialog = await openManage(user);
      expect(dialog.queryByRole('button', { name: TRIAL_TEXTS.startPaying })).toBeNull();
      expect(dialog.queryByRole('button', { name: TRIAL_TEXTS.cancel })).toBeNull();
    });
  });

  it('without payment details the dialog stays open and says why', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    fakeSubscriptionsServer({
      subscriptions: [buildSubscription(paidTier)],
      portal: { error: 'no_payment_details', message: 'You have no payment details yet.' },
    });
    const { user } = openSubscriptions();

    await user.click(
      within(await screen.findByRole('article', { name: 'Deep Breath Club' })).getByRole('button', {
        name: 'Manage Subscription',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Go to manage' }));

    expect((await screen.findByRole('alert')).textContent).toBe('You have no payment details yet.');
    expect(screen.getByRole('alertdialog', { name: 'Manage Subscription' })).toBeTruthy();
    expect(go).not.toHaveBeenCalled();
  });
});
