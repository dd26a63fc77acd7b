import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, expectAccessible, uniqueName } from './support/fixtures';
import {
  bearerFor,
  expectNoSidewaysScroll,
  focusByKeyboard,
  numbered,
  numbersShown,
  oneAfterAnother,
  range,
  screenshotFor,
  signedInAs,
} from './support/paged-lists';
import { ok } from './support/signed-in';

// The journeys fail a page's request with page.route to show its error state; Playwright's routing
// does not reach requests that pass through a service worker in control (which one registered
// once the page is idle may have become by then), so these journeys run without one.
test.use({ serviceWorkers: 'block' });

/**
 * Lists page with a cursor instead of stopping at a fixed count. A long conversation
 * opens at its latest comments and 'Show earlier comments' brings the rest; the notifications,
 * the profile's posts and its groups go on with 'Load more'. More than a page of each is made
 * through the API. Run with E2E_SHOTS_DIR=/tmp/shots-f to keep pictures of each screen.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

// each journey first makes more than a page of things through the API: about 100 requests, which
// on a shared 2-core machine under load took up to 25 s before the browser did anything
test.describe.configure({ timeout: 240_000 });

type Created = { _id: string };

/** A first page of 50 comments or 60 cards is a big render: on a loaded 2-core machine, seconds. */
const FIRST_PAGE = { timeout: 30_000 };

/** The list's own button stays out of the way of the infinite scroll: only a press loads a page. */
async function withoutScrollLoading(page: Page) {
  await page.addInitScript(() => {
    // use-load-more-on-scroll.ts falls back to the button alone where the browser has no observer
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
}

/**
 * With E2E_SHOTS_DIR set: pictures of the screen with `button` focused by keyboard, on a phone and
 * on a desktop, and neither scrolls sideways. Without it, nothing (a person looks at them).
 */
async function picturesWith(page: Page, name: string, button: Locator) {
  if (!process.env.E2E_SHOTS_DIR) return;
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await focusByKeyboard(page, button);
    await expectNoSidewaysScroll(page);
    await screenshotFor(page, `${name}-${size}`);
  }
}

test('a long conversation opens at its latest comments; Show earlier comments brings the rest in order', async ({
  page,
  request,
}) => {
  const [author, ben, cy] = await Promise.all(
    ['Ada', 'Ben', 'Cy'].map((first) => createUser({ name: `${first} ${uniqueName('')}` })),
  );
  const [asAuthor, asBen, asCy] = await Promise.all([author, ben, cy].map((u) => bearerFor(request, u.email)));
  const post = await ok<Created>(
    await request.post('/api/app/post', { headers: asAuthor, data: { text: `A long talk ${uniqueName('')}` } }),
  );
  // 101 comments, a page being 50: the newest 50, then 50 more, then the first; Ben and Cy take turns
  const comments = await oneAfterAnother(101, async (n) =>
    ok<Created>(
      await request.post(`/api/app/create-comment/${post._id}`, {
        headers: n % 2 ? asBen : asCy,
        data: { commentText: numbered('Comment', n) },
      }),
    ),
  );
  // written last, yet it belongs beside the first comment, on the earliest page
  const lateReply = `A late answer ${uniqueName('')}`;
  await ok(
    await request.post(`/api/app/create-comment/${post._id}`, {
      headers: asAuthor,
      data: { commentText: lateReply, replyTo: comments[0]!._id },
    }),
  );

  await signedInAs(page, asAuthor);
  await page.goto(`/post/${post._id}`);
  const conversation = page.getByRole('list', { name: 'Comments', exact: true });
  const shown = conversation.locator('[id^="comment-"]');
  const earlier = page.getByRole('button', { name: 'Show earlier comments' });
  const comment = (n: number) => shown.filter({ hasText: numbered('Comment', n) });
  await expect(shown).toHaveCount(50, FIRST_PAGE);
  expect(await numbersShown(shown, 'Comment')).toEqual(range(52, 101));
  await expect(earlier).toBeVisible();
  await expectAccessible(page);
  await picturesWith(page, 'post-earlier-comments', earlier);

  // by keyboard: the button is the Tab stop after the post's own tools, before any comment
  await page.getByRole('button', { name: 'Remove post' }).focus();
  await page.keyboard.press('Tab');
  await expect(earlier).toBeFocused();

  // a page that fails to come says so; the button stays to try again
  await page.route('**/api/app/post/*/comments?*', (route) => route.abort('internetdisconnected'), { times: 1 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('The earlier comments could not be loaded. Try again.');
  await expect(shown).toHaveCount(50);

  // while the page is on its way the button says so and cannot be pressed twice
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/api/app/post/*/comments?*',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await earlier.press('Enter');
  await expect(page.getByRole('button', { name: 'Loading earlier comments…' })).toBeDisabled();
  release();
  await expect(shown).toHaveCount(100);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await numbersShown(shown, 'Comment')).toEqual(range(2, 101));
  // reading goes on at the oldest comment it brought; the button is the stop just before it
  await expect(comment(2)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(earlier).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(shown).toHaveCount(102);
  expect(await numbersShown(shown, 'Comment')).toEqual(range(1, 101));
  await expect(earlier).toHaveCount(0);
  // the button went away with focus on it: focus is on the first comment, not lost to the page
  await expect(comment(1)).toBeFocused();
  const first = conversation.locator(':scope > li').first();
  await expect(first.locator('[id^="comment-"]').first()).toContainText(numbered('Comment', 1));
  await expect(first.getByRole('list', { name: /^Replies to / })).toContainText(lateReply);
});

test("a member's profile pages through their posts with Load more", async ({ page, request }) => {
  const member = await createUser({ name: `Mo ${uniqueName('')}` });
  const asMember = await bearerFor(request, member.email);
  // 41 posts (pages of 20), each newer than the one before
  await oneAfterAnother(41, async (n) =>
    ok(await request.post('/api/app/post', { headers: asMember, data: { text: numbered('Note', n) } })),
  );

  await withoutScrollLoading(page);
  await signedInAs(page, asMember);
  await page.goto('/profile?tab=feed');
  const posts = page.getByRole('list', { name: `Posts by ${member.name}` }).getByRole('article');
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(posts).toHaveCount(20, FIRST_PAGE);
  expect(await numbersShown(posts, 'Note')).toEqual(range(41, 22));
  await picturesWith(page, 'profile-posts-load-more', loadMore);
  await loadMore.press('Enter');
  await expect(posts).toHaveCount(40);
  expect(await numbersShown(posts, 'Note')).toEqual(range(41, 2));
  // focus goes on to the first post the press brought, not to <body> while the button is disabled
  await expect(posts.filter({ hasText: numbered('Note', 21) })).toBeFocused();
  await loadMore.press('Enter');
  await expect(posts).toHaveCount(41);
  expect(await numbersShown(posts, 'Note')).toEqual(range(41, 1));
  await expect(loadMore).toHaveCount(0);
  await expect(page.getByText('You are all caught up.')).toBeVisible();
  await expect(posts.filter({ hasText: numbered('Note', 1) })).toBeFocused();
});

test("a member's profile pages through their groups with Load more, and says when a page fails", async ({
  page,
  request,
}) => {
  const member = await createUser({ name: `Mo ${uniqueName('')}` });
  const asMember = await bearerFor(request, member.email);
  // 61 groups (pages of 60), each newer than the one before
  await oneAfterAnother(61, async (n) =>
    ok(await request.post('/api/app/group', { headers: asMember, data: { name: numbered('Circle', n) } })),
  );

  await signedInAs(page, asMember);
  await page.goto('/profile?tab=groups');
  const loadMore = page.getByRole('button', { name: 'Load more' });
  const groups = page.getByRole('list', { name: 'Your groups' }).getByRole('listitem');
  await expect(groups).toHaveCount(60, FIRST_PAGE);
  expect(await numbersShown(groups, 'Circle')).toEqual(range(61, 2));
  await picturesWith(page, 'profile-groups-load-more', loadMore);
  // a page that fails to come says so, and the button offers to try again
  await page.route('**/api/app/facilitator/own/groups?*', (route) => route.abort('internetdisconnected'));
  await loadMore.press('Enter');
  // after the list's own two retries (web/main.tsx), a second or three
  await expect(page.getByRole('alert')).toHaveText('More groups could not be loaded.', { timeout: 20_000 });
  await picturesWith(page, 'profile-groups-next-page-failed', page.getByRole('button', { name: 'Try again' }));
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).press('Enter');
  await expect(groups).toHaveCount(61);
  expect(await numbersShown(groups, 'Circle')).toEqual(range(61, 1));
  await expect(page.getByRole('button', { name: /Load more|Try again/ })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(groups.filter({ hasText: numbered('Circle', 1) })).toBeFocused();
});

test('notifications past the newest hundred come with Load more, each once', async ({ page, request }) => {
  const [author, ben, cy] = await Promise.all(
    ['Ida', 'Ben', 'Cy'].map((first) => createUser({ name: `${first} ${uniqueName('')}` })),
  );
  const [asAuthor, asBen, asCy] = await Promise.all([author, ben, cy].map((u) => bearerFor(request, u.email)));
  const post = await ok<Created>(
    await request.post('/api/app/post', { headers: asAuthor, data: { text: `Much to say ${uniqueName('')}` } }),
  );
  // 101 comments by Ben and Cy in turn: the author is told of each, a page being 100
  await oneAfterAnother(101, async (n) =>
    ok(
      await request.post(`/api/app/create-comment/${post._id}`, {
        headers: n % 2 ? asBen : asCy,
        data: { commentText: numbered('Comment', n) },
      }),
    ),
  );

  await signedInAs(page, asAuthor);
  await page.goto('/notifications');
  const told = page.getByRole('main').getByRole('link', { name: /commented on your post/ });
  const loadMore = page.getByRole('button', { name: 'Load more' });
  const tellers = async () => (await told.allInnerTexts()).map((text) => (text.includes(ben.name) ? 'Ben' : 'Cy'));
  // newest first, so Ben (101), Cy (100), Ben (99), …: a repeat or a gap would break the turns
  const turns = (count: number) => range(101, 102 - count).map((n) => (n % 2 ? 'Ben' : 'Cy'));
  await expect(told).toHaveCount(100, FIRST_PAGE);
  expect(await tellers()).toEqual(turns(100));
  await picturesWith(page, 'notifications-load-more', loadMore);
  await loadMore.press('Enter');
  await expect(told).toHaveCount(101);
  expect(await tellers()).toEqual(turns(101));
  await expect(loadMore).toHaveCount(0);
});
