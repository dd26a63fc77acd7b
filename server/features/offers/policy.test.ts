import { describe, expect, it } from 'vitest';
import { OWNER, tableOf } from '../tiers/policy-roles';
import { canManageOffers } from './policy';

describe('who may manage offers', () => {
  it("reads as the table: the tier's owner and admins", () => {
    expect(tableOf({ manage: ({ user }) => canManageOffers(user, { userId: OWNER }) })).toEqual({
      visitor: { manage: false },
      member: { manage: false },
      subscriber: { manage: false },
      ownerFacilitator: { manage: true },
      otherFacilitator: { manage: false },
      admin: { manage: true },
    });
  });
});
