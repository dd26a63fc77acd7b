import { describe, expect, it } from 'vitest';
import { canViewNotification } from './policy';

/** Who may see or mark a notification (DESIGN.md §5 Notifications): roles down, actions across. */
const notice = { userId: 'sam' };
const roles = {
  visitor: null,
  addressee: { id: 'sam', isAdmin: false, emailConfirmed: true },
  'another member': { id: 'lee', isAdmin: false, emailConfirmed: true },
  admin: { id: 'admin', isAdmin: true, emailConfirmed: true },
};

describe('notifications: who may do what', () => {
  it('reads as the table', () => {
    const table = Object.fromEntries(
      Object.entries(roles).map(([role, actor]) => [role, { view: canViewNotification(actor, notice) }]),
    );
    expect(table).toEqual({
      visitor: { view: false },
      addressee: { view: true },
      'another member': { view: false },
      admin: { view: false },
    });
  });
});
