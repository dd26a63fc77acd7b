// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';
import { SubscriptionResultPage } from './subscription-result-page';
import { buildSubscription, buildTier, COURSE_TIER_ID, fakeSubscriptionsServer, PAID_TIER_ID } from './testing/fake-subscriptions-server';

resetPageBetweenTests({ token: 'member-token' });

const paidTier = buildTier({ _id: PAID_TIER_ID, name: 'Deep Breath Club', price: 12 });

const openResult = (url: string) => renderPage(<SubscriptionResultPage />, { path: '/subscription/:id/:status', url });

describe('Subscription result page (spec 02 §2)', () => {
  it('after checkout shows the status, the id, the session and the subscription, waiting for the webhook', async () => {
    fakeSubscriptionsServer({ subscriptions: [buildSubscription(paidTier)], notYetConfirmed: 1 });
    openResult(`/subscription/${PAID_TIER_ID}/success?session_id=cs_test_42`);

    expect(screen.getByRole('heading', { level: 1, name: "You're subscribed!" })).toBeTruthy();
    expect(screen.getByText('success')).toBeTruthy();
    expect(screen.getByText(PAID_TIER_ID)).toBeTruthy();
    expect(screen.getByText('cs_test_42')).toBeTruthy();

    // The first answer is a 404: the page asks again a second later.
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    const details = within(await screen.findByRole('region', { name: 'Your subscription' }, { timeout: 3000 }));
    expect(details.getByText('Deep Breath Club')).toBeTruthy();
    expect(details.getByRole('link', { name: 'Mira Stone' })).toBeTruthy();
    expect(details.getByText('$12 / month')).toBeTruthy();
    expect(details.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Subscriptions' }).getAttribute('href')).toBe('/subscriptions#active');
    expect(screen.getByRole('link', { name: 'Go to your daily practice' }).getAttribute('href')).toBe('/');
  });

  it('a bought course links straight to it', async () => {
    const course = buildTier({ _id: COURSE_TIER_ID, name: 'Thirty days of calm', price: 49, type: 'single' });
    fakeSubscriptionsServer({ subscriptions: [buildSubscription(course)] });
    openResult(`/subscription/${COURSE_TIER_ID}/success?session_id=cs_test_43`);
    const open = await screen.findByRole('link', { name: 'Open your course' });
    expect(open.getAttribute('href')).toBe(`/course/${COURSE_TIER_ID}`);
    expect(screen.getByText('Purchased')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Your subscription' })).getByText('$49')).toBeTruthy();
  });

  it('prices a yearly subscription per year', async () => {
    const yearly = buildTier({ _id: PAID_TIER_ID, name: 'A Year of Calm', price: 120, interval: 'year' });
    fakeSubscriptionsServer({ subscriptions: [buildSubscription(yearly)] });
    openResult(`/subscription/${PAID_TIER_ID}/success?session_id=cs_test_44`);
    const details = within(await screen.findByRole('region', { name: 'Your subscription' }));
    expect(details.getByText('$120 / year')).toBeTruthy();
  });

  it('a cancelled checkout says so and does not wait for a subscription', async () => {
    const { requests } = fakeSubscriptionsServer({ subscriptions: [] });
    openResult(`/subscription/${PAID_TIER_ID}/cancelled`);
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeTruthy();
    expect(await screen.findByText('You have no subscription to this plan.')).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('app/subscriptions/'))).toHaveLength(1);
    expect(screen.getByText('None')).toBeTruthy();
  });
});
