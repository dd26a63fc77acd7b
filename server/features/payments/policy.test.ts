import { describe, expect, it } from 'vitest';
import type { User } from '../../db/schema';
import type { HttpError } from '../../platform/errors';
import { authorizeMoney, authorizeTierMoney } from './policy';

const person = (o: Partial<User>) => ({ id: 'me', isFacilitator: false, isAdmin: false, ...o }) as User;
const facilitator = person({ isFacilitator: true });
const statusOf = (act: () => void) => {
  try {
    act();
    return 'allowed';
  } catch (err) {
    return (err as HttpError).statusCode;
  }
};

describe('who may see money', () => {
  it.each([
    ['a facilitator', facilitator, 'allowed'],
    ['a member', person({}), 403],
    ['an administrator who is not a facilitator', person({ isAdmin: true }), 403],
  ])('%s: %s', (_who, user, expected) => {
    expect(statusOf(() => authorizeMoney(user))).toBe(expected);
  });

  it.each([
    ['their own tier', facilitator, { userId: 'me' }, 'allowed'],
    ["another facilitator's tier", facilitator, { userId: 'someone' }, 404],
    ['a tier that does not exist', facilitator, undefined, 404],
    ['a member, even for a tier of theirs', person({}), { userId: 'me' }, 403],
  ])('a tier: %s', (_what, user, tier, expected) => {
    expect(statusOf(() => authorizeTierMoney(user, tier))).toBe(expected);
  });
});
