import type { ReactElement } from 'react';
import type {
  AdminFacilitatorAnswer,
  AdminGroupAnswer,
  AdminPostAnswer,
  AdminTierAnswer,
  AdminUserAnswer,
} from '@common/admin/schemas';
import { renderPage } from '@web/testing/render-page';

export { routeFetch, sentTo } from '@web/testing/route-fetch';

export const USER_ID = '0b7e4c1a-1111-4a2b-8c3d-000000000001';
export const FACILITATOR_ID = '0b7e4c1a-1111-4a2b-8c3d-000000000002';
export const TIER_ID = '0b7e4c1a-1111-4a2b-8c3d-000000000003';
export const GROUP_ID = '0b7e4c1a-1111-4a2b-8c3d-000000000004';
export const POST_ID = '0b7e4c1a-1111-4a2b-8c3d-000000000005';
export const COMMENT_IDS = ['0b7e4c1a-1111-4a2b-8c3d-000000000006', '0b7e4c1a-1111-4a2b-8c3d-000000000007'] as const;
export const TAG_ID = '0b7e4c1a-1111-4a2b-8c3d-000000000008';

/** Mounts a manage screen at its admin route, e.g. ('/admin/manage-tag/:id', 'new'). */
export function renderManagePage(page: ReactElement, path: string, id: string) {
  return renderPage(page, { path, url: path.replace(':id', id) });
}

export const buildUser = (over: Partial<AdminUserAnswer> = {}): AdminUserAnswer => ({
  _id: USER_ID,
  name: 'Maya Lind',
  username: 'maya',
  email: 'maya@example.com',
  isAdmin: false,
  isFacilitator: false,
  bio: 'Morning person.',
  profilePicture: null,
  emailConfirmed: true,
  twoFactorEnabled: false,
  ...over,
});

export const buildFacilitator = (over: Partial<AdminFacilitatorAnswer> = {}): AdminFacilitatorAnswer => ({
  _id: FACILITATOR_ID,
  name: 'Ana Ruiz',
  username: 'ana',
  email: 'ana@example.com',
  facilitatorCategory: 'Yoga',
  bio: '',
  profilePicture: null,
  emailConfirmed: true,
  twoFactorEnabled: false,
  ...over,
});

export const buildTier = (over: Partial<AdminTierAnswer> = {}): AdminTierAnswer => ({
  _id: TIER_ID,
  name: 'Sunrise Circle',
  price: 12,
  description: 'Daily sits.',
  thumbnail: null,
  facilitator: { _id: FACILITATOR_ID, name: 'Ana Ruiz' },
  priceLocked: false,
  type: 'subscription',
  interval: 'month',
  trialDays: 0,
  ...over,
});

export const buildGroup = (over: Partial<AdminGroupAnswer> = {}): AdminGroupAnswer => ({
  _id: GROUP_ID,
  name: 'Evening Wind-Down',
  category: 'Sleep',
  thumbnail: null,
  coverPhoto: null,
  description: 'Slow breathing before bed.',
  isPrivate: false,
  isHidden: false,
  allowAnonymous: false,
  tags: [],
  memberCap: null,
  owner: { _id: FACILITATOR_ID, name: 'Ana Ruiz' },
  ...over,
});

export const buildPost = (over: Partial<AdminPostAnswer> = {}): AdminPostAnswer => ({
  _id: POST_ID,
  text: 'A quiet morning.',
  media: null,
  mediaType: null,
  hits: 1204,
  hearts: 9,
  commentCount: 2,
  comments: [
    {
      _id: COMMENT_IDS[0],
      text: 'Lovely.',
      author: { _id: USER_ID, name: 'Maya Lind', username: 'maya' },
      postedDate: '2025-03-04T08:30:00.000Z',
    },
    {
      _id: COMMENT_IDS[1],
      text: 'Thank you',
      author: { _id: FACILITATOR_ID, name: 'Ana Ruiz', username: 'ana' },
      postedDate: '2025-03-05T09:00:00.000Z',
    },
  ],
  author: { _id: FACILITATOR_ID, name: 'Ana Ruiz' },
  group: { _id: GROUP_ID, name: 'Evening Wind-Down' },
  postedDate: '2025-03-04T07:00:00.000Z',
  ...over,
});
