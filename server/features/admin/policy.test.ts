import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/policy';
import { canUseAdminArea } from './policy';

const ROLES: Record<string, Actor> = {
  visitor: null,
  unconfirmed: { id: 'u', isAdmin: false, emailConfirmed: false },
  member: { id: 'm', isAdmin: false, emailConfirmed: true },
  'unconfirmed admin': { id: 'x', isAdmin: true, emailConfirmed: false },
  admin: { id: 'a', isAdmin: true, emailConfirmed: true },
};

describe('admin area policy', () => {
  it('lets admins in, and nobody else', () => {
    const table = Object.fromEntries(Object.entries(ROLES).map(([role, actor]) => [role, canUseAdminArea(actor)]));
    expect(table).toEqual({
      visitor: false,
      unconfirmed: false,
      member: false,
      'unconfirmed admin': true,
      admin: true,
    });
  });
});
