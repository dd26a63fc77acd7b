import { describe, expect, it } from 'vitest';
import { OWNER, tableOf } from '../tiers/policy-roles';
import { canPractise } from './policy';

const item = { userId: OWNER };

describe('who may practise an item (complete, favourite, time, journal)', () => {
  it('reads as the table', () => {
    expect(tableOf({ practise: ({ user, holds }) => canPractise(user, item, { released: holds }) })).toEqual({
      visitor: { practise: false },
      member: { practise: false },
      subscriber: { practise: true },
      ownerFacilitator: { practise: true },
      otherFacilitator: { practise: false },
      admin: { practise: true },
    });
  });
});
