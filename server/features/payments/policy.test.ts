import { describe, expect, it } from 'vitest';
import { OWNER, tableOf } from '../tiers/policy-roles';
import { canSeeTierMoney, canUseMoneyTools } from './policy';

describe('who may see money (the facilitator money tools)', () => {
  it('reads as the table', () => {
    expect(
      tableOf({
        moneyTools: ({ user }) => canUseMoneyTools(user),
        ownerTierMoney: ({ user }) => canSeeTierMoney(user, { userId: OWNER }),
        missingTierMoney: ({ user }) => canSeeTierMoney(user, undefined),
      }),
    ).toEqual({
      visitor: { moneyTools: false, ownerTierMoney: false, missingTierMoney: false },
      member: { moneyTools: false, ownerTierMoney: false, missingTierMoney: false },
      subscriber: { moneyTools: false, ownerTierMoney: false, missingTierMoney: false },
      ownerFacilitator: { moneyTools: true, ownerTierMoney: true, missingTierMoney: false },
      otherFacilitator: { moneyTools: true, ownerTierMoney: false, missingTierMoney: false },
      // an admin who is not a facilitator has the admin money tools instead (admin/money-*)
      admin: { moneyTools: false, ownerTierMoney: false, missingTierMoney: false },
    });
  });
});
