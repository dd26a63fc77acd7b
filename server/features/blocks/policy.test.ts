import { describe, expect, it } from 'vitest';
import { canBlock, canManageBlocks, hasLink, isBraked, mayLinkInMessage, messagingBlock } from './policy';

/** Who may block whom: roles down, actions across. */
const sam = { id: 'sam', isAdmin: false, emailConfirmed: true };
const roles = {
  visitor: null,
  member: sam,
  facilitator: { id: 'maya', isAdmin: false, emailConfirmed: true },
  admin: { id: 'admin', isAdmin: true, emailConfirmed: true },
};

describe('blocking: who may do what', () => {
  it('reads as the table', () => {
    const table = Object.fromEntries(
      Object.entries(roles).map(([role, actor]) => [
        role,
        {
          blockSam: canBlock(actor, { id: 'sam' }),
          blockAnAdmin: canBlock(actor, { id: 'admin' }),
          manage: canManageBlocks(actor),
        },
      ]),
    );
    expect(table).toEqual({
      visitor: { blockSam: false, blockAnAdmin: false, manage: false },
      member: { blockSam: false, blockAnAdmin: true, manage: true },
      facilitator: { blockSam: true, blockAnAdmin: true, manage: true },
      admin: { blockSam: true, blockAnAdmin: false, manage: true },
    });
  });

  it('stops messages both ways, telling the blocked side only that they cannot reply', () => {
    expect(messagingBlock({ iBlock: false, blocksMe: false })).toBeNull();
    expect(messagingBlock({ iBlock: true, blocksMe: false })).toBe('you_blocked_member');
    expect(messagingBlock({ iBlock: false, blocksMe: true })).toBe('messaging_blocked');
    expect(messagingBlock({ iBlock: true, blocksMe: true })).toBe('you_blocked_member');
  });
});

describe('new-account brakes', () => {
  const now = new Date('2026-12-08T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 3_600_000);
  it('brake an account for its first days, never an admin, and not at all with 0 days', () => {
    expect(isBraked({ isAdmin: false, createdAt: daysAgo(1) }, { newAccountDays: 3 }, now)).toBe(true);
    expect(isBraked({ isAdmin: false, createdAt: daysAgo(3.01) }, { newAccountDays: 3 }, now)).toBe(false);
    expect(isBraked({ isAdmin: true, createdAt: daysAgo(0) }, { newAccountDays: 3 }, now)).toBe(false);
    expect(isBraked({ isAdmin: false, createdAt: daysAgo(0) }, { newAccountDays: 0 }, now)).toBe(false);
  });
  it('find links and images, and let a braked account send them once the other person has written', () => {
    for (const text of ['see https://x.test', 'www.spam.test', 'buy at cheap-pills.com', '![x](/a.png)'])
      expect(hasLink(text), text).toBe(true);
    for (const text of ['hello there', 'at 10.30 tomorrow', 'e.g. breathing']) expect(hasLink(text), text).toBe(false);
    expect(mayLinkInMessage(true, { theyWroteBefore: false })).toBe(false);
    expect(mayLinkInMessage(true, { theyWroteBefore: true })).toBe(true);
    expect(mayLinkInMessage(false, { theyWroteBefore: false })).toBe(true);
  });
});
