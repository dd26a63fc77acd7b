import { beforeAll } from 'vitest';
import type { AdminUserRow } from '@common/admin/schemas';

export { fakeKeysetServer } from '@web/components/data-table/testing/fake-keyset-server';
export { captureDownloads } from '@web/components/data-table/testing/capture-downloads';
export { routeFetch, sentTo } from '@web/testing/route-fetch';
export { renderPage } from '@web/testing/render-page';
export { resetPageBetweenTests } from '@web/testing/page-test-hooks';

/** jsdom has no Web Animations API; Headless UI's dialog transitions only need to find none running. */
export function withoutAnimations() {
  beforeAll(() => {
    Element.prototype.getAnimations = () => [];
  });
}

/** u0001…uNNNN with user0001@tend.demo…; every third one a facilitator. */
export const buildUsers = (count: number): AdminUserRow[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return { _id: `u${n}`, email: `user${n}@tend.demo`, username: `user${n}`, isFacilitator: (i + 1) % 3 === 0 };
  });
