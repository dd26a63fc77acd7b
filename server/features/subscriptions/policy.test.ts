import { describe, expect, it } from 'vitest';
import { OWNER, tableOf } from '../tiers/policy-roles';
import { canCancelInTend, canChangeTrial, canSubscribe, canSwitchInterval, isOffered } from './policy';

const published = { userId: OWNER, published: true };
const draft = { userId: OWNER, published: false };
/** the role's own subscription to the tier */
const own = (user: { id: string } | null, provider: 'free' | 'stripe') => ({ userId: user?.id ?? '', provider });
const someoneElses = { userId: 'someone', provider: 'free' as const };

describe('who may subscribe and manage a subscription', () => {
  it('reads as the table', () => {
    expect(
      tableOf({
        subscribe: ({ user }) => canSubscribe(user, published),
        subscribeToDraft: ({ user }) => canSubscribe(user, draft),
        cancelOwnFree: ({ user }) => canCancelInTend(user, own(user, 'free')),
        cancelOwnPaid: ({ user }) => canCancelInTend(user, own(user, 'stripe')),
        cancelSomeoneElses: ({ user }) => canCancelInTend(user, someoneElses),
      }),
    ).toEqual({
      visitor: {
        subscribe: false,
        subscribeToDraft: false,
        cancelOwnFree: false,
        cancelOwnPaid: false,
        cancelSomeoneElses: false,
      },
      member: {
        subscribe: true,
        subscribeToDraft: false,
        cancelOwnFree: true,
        cancelOwnPaid: false,
        cancelSomeoneElses: false,
      },
      subscriber: {
        subscribe: true,
        subscribeToDraft: false,
        cancelOwnFree: true,
        cancelOwnPaid: false,
        cancelSomeoneElses: false,
      },
      ownerFacilitator: {
        subscribe: false,
        subscribeToDraft: false,
        cancelOwnFree: true,
        cancelOwnPaid: false,
        cancelSomeoneElses: false,
      },
      otherFacilitator: {
        subscribe: true,
        subscribeToDraft: false,
        cancelOwnFree: true,
        cancelOwnPaid: false,
        cancelSomeoneElses: false,
      },
      admin: {
        subscribe: true,
        subscribeToDraft: false,
        cancelOwnFree: true,
        cancelOwnPaid: false,
        cancelSomeoneElses: false,
      },
    });
  });

  it('changes a trial (start paying now, cancel before the first charge): own paid subscription in its trial only', () => {
    const trial = (userId: string, change: Record<string, unknown> = {}) => ({
      userId,
      provider: 'stripe' as const,
      providerSubscriptionId: 'sub_1',
      status: 'trialing',
      cancelled: false,
      cancelAtPeriodEnd: false,
      ...change,
    });
    expect(
      tableOf({
        ownTrial: ({ user }) => canChangeTrial(user, trial(user?.id ?? '')),
        someoneElsesTrial: ({ user }) => canChangeTrial(user, trial('someone')),
      }),
    ).toEqual({
      visitor: { ownTrial: false, someoneElsesTrial: false },
      member: { ownTrial: true, someoneElsesTrial: false },
      subscriber: { ownTrial: true, someoneElsesTrial: false },
      ownerFacilitator: { ownTrial: true, someoneElsesTrial: false },
      otherFacilitator: { ownTrial: true, someoneElsesTrial: false },
      admin: { ownTrial: true, someoneElsesTrial: false },
    });
    const me = { id: 'sam', isAdmin: false, isFacilitator: false };
    expect(canChangeTrial(me, trial('sam', { status: 'active' }))).toBe(false);
    expect(canChangeTrial(me, trial('sam', { cancelAtPeriodEnd: true, cancelled: true }))).toBe(false);
    expect(canChangeTrial(me, trial('sam', { provider: 'free', providerSubscriptionId: null }))).toBe(false);
  });

  it('switching interval: only the member, on their own running paid subscription', () => {
    const running = {
      userId: 'me',
      provider: 'stripe' as const,
      providerSubscriptionId: 'sub_1',
      status: 'active',
      cancelled: false,
    };
    const me = { id: 'me', isAdmin: false, isFacilitator: false };
    expect(canSwitchInterval(me, running)).toBe(true);
    expect(canSwitchInterval(null, running)).toBe(false);
    expect(canSwitchInterval({ ...me, id: 'someone' }, running)).toBe(false);
    expect(canSwitchInterval({ ...me, id: 'admin', isAdmin: true }, running)).toBe(false);
    // a free one, a course (no provider subscription), a trial, past due, or one ending
    expect(canSwitchInterval(me, { ...running, provider: 'free', providerSubscriptionId: null })).toBe(false);
    expect(canSwitchInterval(me, { ...running, providerSubscriptionId: null })).toBe(false);
    expect(canSwitchInterval(me, { ...running, status: 'trialing' })).toBe(false);
    expect(canSwitchInterval(me, { ...running, status: 'past_due' })).toBe(false);
    expect(canSwitchInterval(me, { ...running, cancelled: true })).toBe(false);
  });

  it('an unpublished tier is not offered', () => {
    expect([isOffered(published), isOffered(draft)]).toEqual([true, false]);
  });
});
