import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/policy';
import {
  type Account,
  adminDeletionRefusal,
  canDeleteAccountAsAdmin,
  canDeleteOwnAccount,
  canEditSettings,
  canExplore,
  canExportAccount,
  canRevokeAdminFlag,
  canSeeUnpublishedTiers,
  canViewFacilitatorTabs,
  canViewProfile,
} from './policy';

/** Who may do what with profiles and accounts: the profile of a facilitator, seen by each role. */
const facilitator: Account = { id: 'f1', isAdmin: false, isFacilitator: true };
const roles: Record<string, Actor> = {
  visitor: null,
  member: { id: 'm1', isAdmin: false, emailConfirmed: true },
  owner: { id: 'f1', isAdmin: false, emailConfirmed: true },
  otherFacilitator: { id: 'f2', isAdmin: false, emailConfirmed: true },
  admin: { id: 'a1', isAdmin: true, emailConfirmed: true },
};

const table = Object.fromEntries(
  Object.entries(roles).map(([role, actor]) => [
    role,
    {
      view: canViewProfile(actor, facilitator),
      explore: canExplore(actor),
      facilitatorTabs: canViewFacilitatorTabs(actor, facilitator),
      unpublishedTiers: canSeeUnpublishedTiers(actor, facilitator),
      editSettings: canEditSettings(actor, facilitator),
      export: canExportAccount(actor, facilitator),
      deleteOwn: canDeleteOwnAccount(actor, facilitator),
      deleteAsAdmin: canDeleteAccountAsAdmin(actor, facilitator),
    },
  ]),
);

describe('who may do what with a facilitator’s profile and account', () => {
  it('reads as a table: roles down, actions across', () => {
    const reader = {
      view: true,
      explore: true,
      facilitatorTabs: true,
      unpublishedTiers: false,
      editSettings: false,
      export: false,
      deleteOwn: false,
      deleteAsAdmin: false,
    };
    expect(table).toEqual({
      visitor: Object.fromEntries(Object.keys(reader).map((k) => [k, false])),
      member: reader,
      owner: {
        ...reader,
        unpublishedTiers: true,
        editSettings: true,
        export: true,
        deleteOwn: true,
      },
      otherFacilitator: reader,
      admin: { ...reader, unpublishedTiers: true, deleteAsAdmin: true },
    });
  });

  it('keeps the Plans and Sessions tabs for facilitators', () => {
    expect(canViewFacilitatorTabs(roles.member!, { ...facilitator, isFacilitator: false })).toBe(false);
    expect(canViewProfile(roles.member!, { ...facilitator, isFacilitator: false })).toBe(true);
  });

  it('never deletes an admin account, and an admin never deletes their own from the admin area', () => {
    const admin = roles.admin!;
    const adminAccount: Account = { id: 'a1', isAdmin: true, isFacilitator: false };
    const otherAdmin: Account = { id: 'a2', isAdmin: true, isFacilitator: false };
    expect(canDeleteOwnAccount(admin, adminAccount)).toBe(false);
    expect(adminDeletionRefusal(admin, adminAccount)).toBe('delete_self');
    expect(adminDeletionRefusal(admin, otherAdmin)).toBe('delete_admin');
    expect(adminDeletionRefusal(roles.member!, facilitator)).toBe('admin_only');
    expect(adminDeletionRefusal(admin, facilitator)).toBeNull();
  });

  it('lets an admin revoke another admin’s flag, never their own', () => {
    expect(canRevokeAdminFlag(roles.admin!, { id: 'a2', isAdmin: true, isFacilitator: false })).toBe(true);
    expect(canRevokeAdminFlag(roles.admin!, { id: 'a1', isAdmin: true, isFacilitator: false })).toBe(false);
    expect(canRevokeAdminFlag(roles.member!, { id: 'a2', isAdmin: true, isFacilitator: false })).toBe(false);
  });
});
