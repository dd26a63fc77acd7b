import { describe, expect, it } from 'vitest';
import type { Actor, MembershipFacts } from '../groups/policy';
import {
  canAttachMedia,
  canCommentOnPost,
  canCreatePost,
  canDeleteComment,
  canDeletePost,
  canEditComment,
  canEditPost,
  canHeartPost,
  canModeratePost,
  canPostAnonymously,
  canViewPost,
  type PostPlace,
} from './policy';

const AUTHOR = 'author';
const group = { ownerId: 'owner', isHidden: false, isPrivate: true };
const ROLES: Record<string, { user: Actor; membership?: MembershipFacts }> = {
  visitor: { user: null },
  member: { user: { id: 'm', isAdmin: false } },
  pending: { user: { id: 'p', isAdmin: false }, membership: { status: 'pending' } },
  groupMember: { user: { id: 'g', isAdmin: false }, membership: { status: 'approved' } },
  author: { user: { id: AUTHOR, isAdmin: false }, membership: { status: 'approved' } },
  groupOwner: { user: { id: 'owner', isAdmin: false } },
  admin: { user: { id: 'admin', isAdmin: true } },
};

const tableFor = (inGroup: boolean) =>
  Object.fromEntries(
    Object.entries(ROLES).map(([role, { user, membership }]) => {
      const place: PostPlace = inGroup ? { group, membership } : null;
      const post = { userId: AUTHOR };
      return [
        role,
        {
          view: canViewPost(user, place),
          create: canCreatePost(user, place),
          comment: canCommentOnPost(user, place),
          heart: canHeartPost(user, place),
          edit: canEditPost(user, post),
          editComment: canEditComment(user, post),
          delete: canDeletePost(user, post),
          deleteComment: canDeleteComment(user),
          moderate: canModeratePost(user),
        },
      ];
    }),
  );

const row = (
  view: 0 | 1,
  create: 0 | 1,
  comment: 0 | 1,
  heart: 0 | 1,
  edit: 0 | 1,
  editComment: 0 | 1,
  del: 0 | 1,
  deleteComment: 0 | 1,
  moderate: 0 | 1,
) => ({
  view: !!view,
  create: !!create,
  comment: !!comment,
  heart: !!heart,
  edit: !!edit,
  editComment: !!editComment,
  delete: !!del,
  deleteComment: !!deleteComment,
  moderate: !!moderate,
});

describe('posts policy: who may do what (the author wrote the post / comment)', () => {
  it('an inspiration post', () => {
    // biome-ignore format: the table reads best aligned
    expect(tableFor(false)).toEqual({
      //                view create comment heart edit editComment delete deleteComment moderate
      visitor:     row(0,   0,     0,      0,    0,   0,          0,     0,            0),
      member:      row(1,   1,     1,      1,    0,   0,          0,     0,            0),
      pending:     row(1,   1,     1,      1,    0,   0,          0,     0,            0),
      groupMember: row(1,   1,     1,      1,    0,   0,          0,     0,            0),
      author:      row(1,   1,     1,      1,    1,   1,          1,     0,            0),
      groupOwner:  row(1,   1,     1,      1,    0,   0,          0,     0,            0),
      admin:       row(1,   1,     1,      1,    0,   0,          1,     1,            1),
    });
  });

  it("a group's post: its approved members, owner and admins", () => {
    // biome-ignore format: the table reads best aligned
    expect(tableFor(true)).toEqual({
      //                view create comment heart edit editComment delete deleteComment moderate
      visitor:     row(0,   0,     0,      0,    0,   0,          0,     0,            0),
      member:      row(0,   0,     0,      0,    0,   0,          0,     0,            0),
      pending:     row(0,   0,     0,      0,    0,   0,          0,     0,            0),
      groupMember: row(1,   1,     1,      1,    0,   0,          0,     0,            0),
      author:      row(1,   1,     1,      1,    1,   1,          1,     0,            0),
      groupOwner:  row(1,   1,     1,      1,    0,   0,          0,     0,            0),
      admin:       row(1,   1,     1,      1,    0,   0,          1,     1,            1),
    });
  });

  it('anonymous posts only where the group allows them; media only one’s own uploads', () => {
    expect([null, { allowAnonymous: false }, { allowAnonymous: true }].map(canPostAnonymously)).toEqual([
      false,
      false,
      true,
    ]);
    const me = { id: 'me', isAdmin: false };
    expect([
      canAttachMedia(me, { ownerId: 'me' }),
      canAttachMedia(me, { ownerId: 'x' }),
      canAttachMedia(null, { ownerId: null }),
    ]).toEqual([true, false, false]);
  });
});
