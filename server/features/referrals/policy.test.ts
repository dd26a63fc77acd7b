import { describe, expect, it } from 'vitest';
import { canChooseReferralReward, canSeeMemberReferrals, canSeeOwnReferrals, mayCredit } from './policy';

/** Who may do what with referrals: roles down, actions across. */
const roles = {
  visitor: null,
  member: { id: 'sam', isAdmin: false, isFacilitator: false, emailConfirmed: true },
  facilitator: { id: 'maya', isAdmin: false, isFacilitator: true, emailConfirmed: true },
  admin: { id: 'admin', isAdmin: true, isFacilitator: false, emailConfirmed: true },
};

describe('referrals: who may do what', () => {
  it('reads as the table', () => {
    const table = Object.fromEntries(
      Object.entries(roles).map(([role, actor]) => [
        role,
        {
          ownLinkAndCounts: canSeeOwnReferrals(actor),
          membersReferrals: canSeeMemberReferrals(actor),
          chooseReward: canChooseReferralReward(actor),
        },
      ]),
    );
    expect(table).toEqual({
      visitor: { ownLinkAndCounts: false, membersReferrals: false, chooseReward: false },
      member: { ownLinkAndCounts: true, membersReferrals: false, chooseReward: false },
      facilitator: { ownLinkAndCounts: true, membersReferrals: true, chooseReward: true },
      admin: { ownLinkAndCounts: true, membersReferrals: false, chooseReward: false },
    });
  });

  it('never credits the same account or the same mailbox', () => {
    const sam = { id: 'sam', email: 'Sam@Example.test' };
    expect(mayCredit(sam, { id: 'ada', email: 'ada@example.test' })).toBe(true);
    expect(mayCredit(sam, { id: 'sam', email: 'other@example.test' })).toBe(false);
    expect(mayCredit(sam, { email: 'sam@example.test' })).toBe(false);
    expect(mayCredit(sam, { email: 'sam+2@example.test' })).toBe(false);
    expect(mayCredit(sam, { email: 'sam@elsewhere.test' })).toBe(true);
  });
});
