import { describe, expect, it } from 'vitest';
import { type Actor, canAdminister, canEnableTwoFactor, canUseApp, hasConfirmedEmail } from './policy';

/** The account rules: who may use the member app and the admin area. */
const roles: Record<string, Actor> = {
  visitor: null,
  unconfirmedMember: { id: 'u1', isAdmin: false, emailConfirmed: false },
  member: { id: 'u2', isAdmin: false, emailConfirmed: true },
  admin: { id: 'a1', isAdmin: true, emailConfirmed: true },
};

const table = Object.fromEntries(
  Object.entries(roles).map(([role, actor]) => [
    role,
    { useApp: canUseApp(actor), confirmed: hasConfirmedEmail(actor), administer: canAdminister(actor) },
  ]),
);

describe('the account rules', () => {
  it('turns on two-factor by mailed code only for a confirmed email', () => {
    expect(canEnableTwoFactor({ emailConfirmed: true })).toBe(true);
    expect(canEnableTwoFactor({ emailConfirmed: false })).toBe(false);
  });

  it('reads as a table: roles down, actions across', () => {
    expect(table).toEqual({
      visitor: { useApp: false, confirmed: false, administer: false },
      unconfirmedMember: { useApp: true, confirmed: false, administer: false },
      member: { useApp: true, confirmed: true, administer: false },
      admin: { useApp: true, confirmed: true, administer: true },
    });
  });
});
