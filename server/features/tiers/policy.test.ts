import { describe, expect, it } from 'vitest';
import { canCreateTier, canEditTier } from './policy';
import { OWNER, tableOf } from './policy-roles';

const tier = { userId: OWNER };

describe('who may do what with a tier', () => {
  it('reads as the table', () => {
    expect(
      tableOf({
        create: ({ user }) => canCreateTier(user),
        edit: ({ user }) => canEditTier(user, tier),
      }),
    ).toEqual({
      visitor: { create: false, edit: false },
      member: { create: false, edit: false },
      subscriber: { create: false, edit: false },
      ownerFacilitator: { create: true, edit: true },
      otherFacilitator: { create: true, edit: false },
      admin: { create: true, edit: true },
    });
  });
});
