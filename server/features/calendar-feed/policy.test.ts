import { describe, expect, it } from 'vitest';
import { canManageCalendarFeed, canReadCalendarFeed } from './policy';

/** Who may do what with calendar feeds: roles down, actions across. */
const roles = {
  visitor: null,
  member: { id: 'sam', isAdmin: false, emailConfirmed: true },
  'member, address unconfirmed': { id: 'sam', isAdmin: false, emailConfirmed: false },
  admin: { id: 'admin', isAdmin: true, emailConfirmed: true },
};

describe('calendar feed: who may do what', () => {
  it('reads as the table', () => {
    const table = Object.fromEntries(
      Object.entries(roles).map(([role, actor]) => [role, { manageOwnFeed: canManageCalendarFeed(actor) }]),
    );
    expect(table).toEqual({
      visitor: { manageOwnFeed: false },
      member: { manageOwnFeed: true },
      'member, address unconfirmed': { manageOwnFeed: true },
      admin: { manageOwnFeed: true },
    });
  });

  it('opens a feed only for a token that names one', () => {
    expect(canReadCalendarFeed({ userId: 'sam' })).toBe(true);
    expect(canReadCalendarFeed(undefined)).toBe(false);
  });
});
