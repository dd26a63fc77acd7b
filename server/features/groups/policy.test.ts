import { describe, expect, it } from 'vitest';
import {
  type Actor,
  canCreateGroup,
  canDeleteGroup,
  canEnterGroup,
  canFindGroup,
  canJoinGroup,
  canLeaveGroup,
  canManageGroup,
  canManageTags,
  canViewGroup,
  type GroupFacts,
  type MembershipFacts,
} from './policy';

const OWNER = 'owner';
const ROLES: Record<string, { user: Actor; membership?: MembershipFacts }> = {
  visitor: { user: null },
  member: { user: { id: 'm', isAdmin: false } },
  pending: { user: { id: 'p', isAdmin: false }, membership: { status: 'pending' } },
  approved: { user: { id: 'a', isAdmin: false }, membership: { status: 'approved' } },
  removed: { user: { id: 'r', isAdmin: false }, membership: { status: 'rejected' } },
  owner: { user: { id: OWNER, isAdmin: false }, membership: { status: 'approved' } },
  admin: { user: { id: 'admin', isAdmin: true } },
};

const tableFor = (group: GroupFacts) =>
  Object.fromEntries(
    Object.entries(ROLES).map(([role, { user, membership }]) => [
      role,
      {
        view: canViewGroup(user, group, membership),
        find: canFindGroup(user, group),
        enter: canEnterGroup(user, group, membership),
        join: canJoinGroup(user, group, membership),
        leave: canLeaveGroup(user, group, membership),
        manage: canManageGroup(user, group),
        create: canCreateGroup(user),
        delete: canDeleteGroup(user),
        tags: canManageTags(user),
      },
    ]),
  );

const row = (
  view: 0 | 1,
  find: 0 | 1,
  enter: 0 | 1,
  join: 0 | 1,
  leave: 0 | 1,
  manage: 0 | 1,
  create: 0 | 1,
  del: 0 | 1,
  tags: 0 | 1,
) => ({
  view: !!view,
  find: !!find,
  enter: !!enter,
  join: !!join,
  leave: !!leave,
  manage: !!manage,
  create: !!create,
  delete: !!del,
  tags: !!tags,
});

describe('groups policy: who may do what', () => {
  it('an open group', () => {
    // biome-ignore format: the table reads best aligned
    expect(tableFor({ ownerId: OWNER, isHidden: false, isPrivate: false })).toEqual({
      //              view find enter join leave manage create delete tags
      visitor:  row(0,   0,   0,    0,   0,    0,     0,     0,     0),
      member:   row(1,   1,   0,    1,   0,    0,     1,     0,     0),
      pending:  row(1,   1,   0,    1,   1,    0,     1,     0,     0),
      approved: row(1,   1,   1,    1,   1,    0,     1,     0,     0),
      removed:  row(1,   1,   0,    0,   1,    0,     1,     0,     0),
      owner:    row(1,   1,   1,    1,   0,    1,     1,     0,     0),
      admin:    row(1,   1,   1,    1,   0,    1,     1,     1,     1),
    });
  });

  it('a hidden group: unknown to everyone outside it', () => {
    // biome-ignore format: the table reads best aligned
    expect(tableFor({ ownerId: OWNER, isHidden: true, isPrivate: true })).toEqual({
      //              view find enter join leave manage create delete tags
      visitor:  row(0,   0,   0,    0,   0,    0,     0,     0,     0),
      member:   row(0,   0,   0,    0,   0,    0,     1,     0,     0),
      pending:  row(1,   0,   0,    1,   1,    0,     1,     0,     0),
      approved: row(1,   0,   1,    1,   1,    0,     1,     0,     0),
      removed:  row(1,   0,   0,    0,   1,    0,     1,     0,     0),
      owner:    row(1,   1,   1,    1,   0,    1,     1,     0,     0),
      admin:    row(1,   1,   1,    1,   0,    1,     1,     1,     1),
    });
  });
});
