import { describe, expect, it } from 'vitest';
import {
  type Actor,
  actionsAllowed,
  canActOnCase,
  canAppointModerators,
  canReport,
  canReviewGroup,
  canReviewSite,
  canSeeHidden,
  type GroupStanding,
  NO_STANDING,
} from './policy';

const ROLES: Record<string, { user: Actor; standing: GroupStanding }> = {
  visitor: { user: null, standing: NO_STANDING },
  member: { user: { id: 'm', isAdmin: false }, standing: NO_STANDING },
  author: { user: { id: 'author', isAdmin: false }, standing: NO_STANDING },
  moderator: { user: { id: 'mod', isAdmin: false }, standing: { ...NO_STANDING, isModerator: true } },
  otherModerator: { user: { id: 'mod2', isAdmin: false }, standing: NO_STANDING },
  owner: { user: { id: 'owner', isAdmin: false }, standing: { ...NO_STANDING, isOwner: true } },
  facilitator: { user: { id: 'fac', isAdmin: false }, standing: { ...NO_STANDING, ownsGroupTier: true } },
  admin: { user: { id: 'admin', isAdmin: true }, standing: NO_STANDING },
};

const inGroup = { groupId: 'g', targetType: 'post' } as const;
const message = { groupId: null, targetType: 'message' } as const;

const table = () =>
  Object.fromEntries(
    Object.entries(ROLES).map(([role, { user, standing }]) => [
      role,
      [
        canReport(user, { authorId: 'author', visible: true }),
        canReviewGroup(user, standing),
        canActOnCase(user, inGroup, standing, 'hide'),
        canActOnCase(user, inGroup, standing, 'suspend'),
        canActOnCase(user, message, standing, 'hide'),
        canAppointModerators(user, standing),
        canReviewSite(user),
        canSeeHidden(user, { authorId: 'author' }, standing),
      ].map(Number),
    ]),
  );

describe('moderation policy: who may do what', () => {
  it('report, review, act, appoint', () => {
    // biome-ignore format: the table reads best aligned
    expect(table()).toEqual({
      //               report queue actGroup suspend actDM appoint site seesHidden
      visitor:        [0,     0,    0,       0,      0,    0,      0,   0],
      member:         [1,     0,    0,       0,      0,    0,      0,   0],
      author:         [0,     0,    0,       0,      0,    0,      0,   1],
      moderator:      [1,     1,    1,       0,      0,    0,      0,   1],
      otherModerator: [1,     0,    0,       0,      0,    0,      0,   0],
      owner:          [1,     1,    1,       0,      0,    1,      0,   1],
      facilitator:    [1,     1,    1,       0,      0,    1,      0,   1],
      admin:          [1,     1,    1,       1,      1,    1,      1,   1],
    });
  });

  it('a profile cannot be hidden or deleted; mute and remove need a group', () => {
    const admin = ROLES.admin!;
    expect(actionsAllowed(admin.user, { groupId: null, targetType: 'user' }, NO_STANDING)).toEqual([
      'dismiss',
      'warn',
      'suspend',
    ]);
    const mod = ROLES.moderator!;
    expect(actionsAllowed(mod.user, inGroup, mod.standing)).toEqual([
      'dismiss',
      'hide',
      'unhide',
      'delete',
      'warn',
      'mute',
      'remove',
    ]);
  });

  it('a report of something the member cannot see is refused', () => {
    expect(canReport({ id: 'm', isAdmin: false }, { authorId: 'a', visible: false })).toBe(false);
  });
});
