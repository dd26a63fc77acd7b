import { describe, expect, it } from 'vitest';
import { OWNER, tableOf } from '../tiers/policy-roles';
import {
  canAttachUpload,
  canCreateContent,
  canEditContent,
  canViewContent,
  canViewCourse,
  seesCourseAsOwner,
} from './policy';

const item = { userId: OWNER };
const course = { userId: OWNER };
const upload = { ownerId: OWNER };

describe('who may do what with content and courses', () => {
  it('reads as the table', () => {
    expect(
      tableOf({
        create: ({ user }) => canCreateContent(user),
        edit: ({ user }) => canEditContent(user, item),
        attachUpload: ({ user }) => canAttachUpload(user, upload),
        view: ({ user, holds }) => canViewContent(user, item, { released: holds }),
        viewCourse: ({ user, holds }) => canViewCourse(user, course, { holds }),
        courseAsOwner: ({ user }) => seesCourseAsOwner(user, course),
      }),
    ).toEqual({
      visitor: {
        create: false,
        edit: false,
        attachUpload: false,
        view: false,
        viewCourse: false,
        courseAsOwner: false,
      },
      member: { create: false, edit: false, attachUpload: false, view: false, viewCourse: false, courseAsOwner: false },
      subscriber: {
        create: false,
        edit: false,
        attachUpload: false,
        view: true,
        viewCourse: true,
        courseAsOwner: false,
      },
      ownerFacilitator: {
        create: true,
        edit: true,
        attachUpload: true,
        view: true,
        viewCourse: true,
        courseAsOwner: true,
      },
      otherFacilitator: {
        create: true,
        edit: false,
        attachUpload: false,
        view: false,
        viewCourse: false,
        courseAsOwner: false,
      },
      admin: { create: true, edit: true, attachUpload: true, view: true, viewCourse: true, courseAsOwner: true },
    });
  });

  it('a visitor is refused even an item released to everyone', () => {
    expect(canViewContent(null, item, { released: true })).toBe(false);
  });
});
