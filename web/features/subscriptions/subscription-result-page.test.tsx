// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';
import { SubscriptionResultPage } from './subscription-result-page';
import {
  buildCheckoutResult,
  buildSubscription,
  buildTier,
  COURSE_TIER_ID,
  FACILITATOR_ID,
  fakeSubscriptionsServer,
  PAID_TIER_ID,
  SESSION_ID,
} from './testing/fake-subscriptions-server';

resetPageBetweenTests({ token: 'member-token' });

const paidTier = buildTier({ _id: PAID_TIER_ID, name: 'Deep Breath Club', price: 12 });
const course = buildTier({ _id: COURSE_TIER_ID, name: 'Thirty days of calm', price: 49, type: 'single' });

const openResult = (url: string) => renderPage(<SubscriptionResultPage />, { path: '/subscription/:id/:status', url });
const nextSteps = () => within(screen.getByRole('navigation', { name: 'Where to next' }));

describe('Subscription result page', () => {
  it('a subscription: Subscribed, after waiting for the payment event, with its details and My Subscriptions next', async () => {
    fakeSubscriptionsServer({
      subscriptions: [buildSubscription(paidTier)],
      checkoutResults: [buildCheckoutResult()],
      notYetOwned: 1,
    });
    openResult(`/subscription/${PAID_TIER_ID}/success?session_id=cs_test_42`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribed' }, { timeout: 3000 })).toBeTruthy();
    const details = within(await screen.findByRole('region', { name: 'Your subscription' }));
    expect(details.getByText('Deep Breath Club')).toBeTruthy();
    expect(details.getByRole('link', { name: 'Mira Stone' })).toBeTruthy();
    expect(await details.findByText('$12 / month')).toBeTruthy();
    expect(screen.getByText('cs_test_42')).toBeTruthy();
    expect(nextSteps().getByRole('link', { name: 'Go to My Subscriptions' }).getAttribute('href')).toBe(
      '/subscriptions#active',
    );
    expect(nextSteps().getByRole('link', { name: 'Go to your daily practice' }).getAttribute('href')).toBe('/');
  });

  it('a course: Course purchased, and Open course', async () => {
    fakeSubscriptionsServer({
      subscriptions: [buildSubscription(course)],
      checkoutResults: [buildCheckoutResult({ kind: 'course', name: course.name, tierId: COURSE_TIER_ID })],
    });
    openResult(`/subscription/${COURSE_TIER_ID}/success?session_id=cs_test_43`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course purchased' })).toBeTruthy();
    expect(screen.queryByText("You're subscribed!")).toBeNull();
    expect(nextSteps().getByRole('link', { name: 'Open course' }).getAttribute('href')).toBe(
      `/course/${COURSE_TIER_ID}`,
    );
    expect(await within(screen.getByRole('region', { name: 'Your course' })).findByText('Purchased')).toBeTruthy();
  });

  it('a session: Session booked, when it starts, and View session', async () => {
    const session = buildCheckoutResult({
      kind: 'session',
      name: 'Deep dive',
      tierId: null,
      sessionId: SESSION_ID,
      startTime: '2026-11-26T09:00:00.000Z',
    });
    fakeSubscriptionsServer({ subscriptions: [], checkoutResults: [session] });
    openResult(`/subscription/${SESSION_ID}/success?session_id=cs_test_44`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Session booked' })).toBeTruthy();
    const details = within(screen.getByRole('region', { name: 'Your session' }));
    expect(details.getByText('Deep dive')).toBeTruthy();
    expect(details.getByText('Starts')).toBeTruthy();
    expect(nextSteps().getByRole('link', { name: 'View session' }).getAttribute('href')).toBe('/profile');
  });

  it('a cancelled checkout says so, asks nothing of app/subscriptions, and leads back to the facilitator', async () => {
    const { requests } = fakeSubscriptionsServer({
      subscriptions: [],
      checkoutResults: [buildCheckoutResult({ owned: false, checkout: null })],
    });
    openResult(`/subscription/${PAID_TIER_ID}/cancelled`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeTruthy();
    expect(screen.getByText(/No payment was taken. You can come back to Deep Breath Club/)).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('app/subscriptions/'))).toHaveLength(0);
    expect(screen.queryByText('None')).toBeNull();
    expect(screen.queryByText('Checkout details')).toBeNull();
    expect(nextSteps().getByRole('link', { name: 'Back to Mira Stone' }).getAttribute('href')).toBe(
      `/profile/${FACILITATOR_ID}`,
    );
  });

  it('an unknown id or status: Checkout not found, with My Subscriptions next', async () => {
    fakeSubscriptionsServer({ subscriptions: [] });
    openResult('/subscription/00000000-0000-4000-8000-000000000000/success?session_id=cs_test_45');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout not found' })).toBeTruthy();
    expect(screen.queryByText('Subscribed')).toBeNull();
    expect(nextSteps().getByRole('link', { name: 'Go to My Subscriptions' })).toBeTruthy();
  });

  it('a refunded payment says so instead of a success', async () => {
    fakeSubscriptionsServer({
      subscriptions: [],
      checkoutResults: [buildCheckoutResult({ owned: false, checkout: 'refunded' })],
    });
    openResult(`/subscription/${PAID_TIER_ID}/success?session_id=cs_test_46`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment refunded' })).toBeTruthy();
  });
});
