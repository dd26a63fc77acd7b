import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/policy';
import { canAccessMedia, canUpload, uploadRoomLeft } from './policy';

/** Who may do what with uploads: a media file uploaded by `owner`, seen by each role. */
const MB = 1024 * 1024;
const file = { ownerId: 'o1' };
const roles: Record<string, Actor> = {
  visitor: null,
  unconfirmed: { id: 'u1', isAdmin: false, emailConfirmed: false },
  member: { id: 'm1', isAdmin: false, emailConfirmed: true },
  owner: { id: 'o1', isAdmin: false, emailConfirmed: true },
  admin: { id: 'a1', isAdmin: true, emailConfirmed: true },
};
const none = { entitledToContent: false, seesPost: false };

const table = Object.fromEntries(
  Object.entries(roles).map(([role, actor]) => [
    role,
    {
      upload: canUpload(actor),
      roomWith3Of5MbUsed: uploadRoomLeft(actor, 5 * MB, 3 * MB) / MB,
      media: canAccessMedia(actor, file, none),
      mediaOfReleasedContent: canAccessMedia(actor, file, { ...none, entitledToContent: true }),
      mediaOfVisiblePost: canAccessMedia(actor, file, { ...none, seesPost: true }),
    },
  ]),
);

describe('who may upload and see media', () => {
  it('reads as a table: roles down, actions across', () => {
    expect(table).toEqual({
      visitor: {
        upload: false,
        roomWith3Of5MbUsed: 0,
        media: false,
        mediaOfReleasedContent: false,
        mediaOfVisiblePost: false,
      },
      unconfirmed: {
        upload: false,
        roomWith3Of5MbUsed: 0,
        media: false,
        mediaOfReleasedContent: true,
        mediaOfVisiblePost: true,
      },
      member: {
        upload: true,
        roomWith3Of5MbUsed: 2,
        media: false,
        mediaOfReleasedContent: true,
        mediaOfVisiblePost: true,
      },
      owner: {
        upload: true,
        roomWith3Of5MbUsed: 2,
        media: true,
        mediaOfReleasedContent: true,
        mediaOfVisiblePost: true,
      },
      admin: {
        upload: true,
        roomWith3Of5MbUsed: Number.POSITIVE_INFINITY,
        media: true,
        mediaOfReleasedContent: true,
        mediaOfVisiblePost: true,
      },
    });
  });

  it('leaves no room past the quota', () => {
    expect(uploadRoomLeft(roles.member!, 5 * MB, 6 * MB)).toBe(0);
  });
});
