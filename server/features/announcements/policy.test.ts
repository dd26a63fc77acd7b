import { describe, expect, it } from 'vitest';
import { type Actor, canAnnounce, canAnnounceTo } from './policy';

const facilitator: Actor = { id: 'f1', isFacilitator: true };
const otherFacilitator: Actor = { id: 'f2', isFacilitator: true };
const member: Actor = { id: 'm1', isFacilitator: false };
const admin = { id: 'a1', isFacilitator: false, isAdmin: true } as Actor;
const myTier = { userId: 'f1' };

/** Roles down, actions across: who may announce, and to the facilitator f1's tier. */
const table = {
  visitor: [null, { announce: false, toMyTier: false }],
  member: [member, { announce: false, toMyTier: false }],
  admin: [admin, { announce: false, toMyTier: false }],
  'the tier’s facilitator': [facilitator, { announce: true, toMyTier: true }],
  'another facilitator': [otherFacilitator, { announce: true, toMyTier: false }],
} as const;

describe('announcement policy', () => {
  it.each(Object.entries(table))('%s', (_role, [actor, expected]) => {
    expect({ announce: canAnnounce(actor), toMyTier: canAnnounceTo(actor, myTier) }).toEqual(expected);
  });
});
