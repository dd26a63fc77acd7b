import type { ReactElement } from 'react';
import type { ContentAnswer } from '@common/content/schemas';
import type { TierAnswer } from '@common/tiers/schemas';
import { renderPage } from '@web/testing/render-page';

export const TIER_ID = '7d3c5a2e-1b4f-4c8a-9e6d-0a1b2c3d4e5f';
export const OTHER_TIER_ID = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';
const USER_ID = '5a5a5a5a-1111-4222-8333-444455556666';

export function buildTier(overrides: Partial<TierAnswer> = {}): TierAnswer {
  return {
    _id: TIER_ID,
    name: 'Morning Circle',
    description: 'A daily practice to start the day.',
    price: 12,
    thumbnail: null,
    type: 'subscription',
    interval: 'month',
    trialDays: 0,
    published: true,
    releaseAllContent: false,
    allowDirectMessaging: false,
    associatedGroup: null,
    contentQueue: [],
    contentQueueFrequency: 1,
    user: USER_ID,
    ...overrides,
  };
}

let contentCount = 0;
export function buildContent(title: string, overrides: Partial<ContentAnswer> = {}): ContentAnswer {
  contentCount += 1;
  return {
    _id: `c0000000-0000-4000-8000-${String(contentCount).padStart(12, '0')}`,
    title,
    description: '',
    thumbnail: null,
    media: null,
    fileType: null,
    contentType: 'meditation',
    tiers: [TIER_ID],
    inPostQueue: false,
    postNow: false,
    postedDate: null,
    hitCount: 0,
    user: { _id: USER_ID, name: 'Ada', profilePicture: null },
    ...overrides,
  };
}

export { routeFetch, sentTo } from '@web/testing/route-fetch';

/** Renders a program screen at `url` under `path`, with a router and a fresh query client. */
export function renderProgramScreen(page: ReactElement, path: string, url: string) {
  return renderPage(page, { path, url });
}
