import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/policy';
import { canEditSite, canReadSite } from './policy';

const ROLES: Record<string, Actor> = {
  visitor: null,
  unconfirmed: { id: 'u', isAdmin: false, emailConfirmed: false },
  member: { id: 'm', isAdmin: false, emailConfirmed: true },
  admin: { id: 'a', isAdmin: true, emailConfirmed: true },
};

describe('site settings policy', () => {
  it('lets everyone read the brand and pages, and only admins edit them', () => {
    const table = Object.fromEntries(
      Object.entries(ROLES).map(([role, actor]) => [role, { read: canReadSite(actor), edit: canEditSite(actor) }]),
    );
    expect(table).toEqual({
      visitor: { read: true, edit: false },
      unconfirmed: { read: true, edit: false },
      member: { read: true, edit: false },
      admin: { read: true, edit: true },
    });
  });
});
