import { describe, expect, it } from 'vitest';
import { refundAbilities } from '../payments/policy';
import { cancelAbilities } from '../subscriptions/policy';

const now = new Date('2025-06-01T12:00:00Z');
const later = new Date('2025-06-20T12:00:00Z');
const earlier = new Date('2025-05-20T12:00:00Z');
const billed = {
  provider: 'stripe' as const,
  providerSubscriptionId: 'sub_1',
  status: 'active',
  cancelled: false,
  cancelAtPeriodEnd: false,
  endDate: null,
};
const free = {
  provider: 'free' as const,
  providerSubscriptionId: null,
  status: 'active',
  cancelled: false,
  cancelAtPeriodEnd: false,
  endDate: null,
};
const course = { ...free, provider: 'stripe' as const };

describe('what an admin may cancel', () => {
  it.each([
    ['a billed, paid-up subscription', billed, true, true],
    ['one in its trial', { ...billed, status: 'trialing' }, true, true],
    [
      'one already ending at its period end',
      { ...billed, cancelled: true, cancelAtPeriodEnd: true, endDate: later },
      true,
      false,
    ],
    ['a past-due one the provider keeps charging', { ...billed, status: 'past_due' }, true, false],
    ['one the provider has ended', { ...billed, status: 'canceled', cancelled: true, endDate: earlier }, false, false],
    ['an expired first payment', { ...billed, status: 'incomplete_expired' }, false, false],
    ['a free one', free, true, false],
    ['a cancelled free one', { ...free, cancelled: true, status: 'canceled', endDate: earlier }, false, false],
    ['a course (paid once, no period)', course, true, false],
  ])('%s: now %s, at period end %s', (_what, subscription, canCancelNow, canCancelAtPeriodEnd) => {
    expect(cancelAbilities(subscription, now)).toEqual({ canCancelNow, canCancelAtPeriodEnd });
  });
});

describe('what an admin may refund', () => {
  const paid = { kind: 'payment' as const, amountCents: 1200, paymentRef: 'pi_1', disputeStatus: null };
  it.each([
    ['a payment', paid, 0, 1200, null],
    ['a partly refunded payment', paid, 500, 700, null],
    ['a fully refunded payment', paid, 1200, 0, 'already_refunded'],
    ['a refund entry', { ...paid, kind: 'refund' as const, amountCents: -500 }, 0, 0, 'not_a_payment'],
    ['a payment without a provider payment', { ...paid, paymentRef: null }, 0, 1200, 'no_payment_ref'],
    ['a payment under an open dispute', { ...paid, disputeStatus: 'open' as const }, 0, 1200, 'payment_disputed'],
    ['a payment whose dispute was won', { ...paid, disputeStatus: 'won' as const }, 0, 1200, null],
  ])('%s', (_what, entry, returned, leftCents, refusal) => {
    expect(refundAbilities(entry, returned)).toEqual({ leftCents, refusal });
  });
});
