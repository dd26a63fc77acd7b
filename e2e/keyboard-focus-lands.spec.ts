import { expect, test, type Page } from '@playwright/test';
import { createUser, expectAccessible, signIn, uniqueName } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';
import { clearanceBelowHeader, focusedElement } from './support/visual-checks';

/**
 * WCAG 2.4.3 and 2.4.11: after each action that removes or disables the button pressed,
 * focus lands on what the action produced, never on <body>; and a focused element is never hidden
 * under the sticky header. Every step by keyboard. On a route change focus moves to the new page's
 * main heading and its title is said in a polite live region (2.4.3, 4.1.3), whatever link was
 * followed: in the page, in the header, in a header menu or the phone's side menu.
 */

async function expectNotBody(page: Page) {
  expect(await focusedElement(page), 'focus after the action').not.toBe('body');
}

/** The polite live region that says a new page's title (web/app/route-focus.tsx). */
const announcer = (page: Page) => page.getByTestId('route-announcer');

/**
 * After a route change: focus is on the new page's main heading (document.activeElement is its
 * h1) and the live region holds the page's title, '<title> · <site name>' as the tab shows it.
 */
async function expectArrivedAt(page: Page, title: string) {
  const heading = page.getByRole('main').getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  await expect(announcer(page)).toHaveText(new RegExp(`^${title} · `));
  expect(await announcer(page).textContent()).toBe(await page.title());
}

test('a failed Sign in focuses the error summary', async ({ page }) => {
  const member = await createUser({});
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel(/^Password/).fill('not-the-password-at-all');
  await page.getByLabel(/^Password/).press('Enter');
  const summary = page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
});

test('posting focuses the new post, commenting the new comment', async ({ page }) => {
  const member = await createUser({ name: `Kit ${uniqueName('')}` });
  await signIn(page, member.email);
  await page.goto('/feed');
  const text = `Focus lands here ${uniqueName('')}`;
  await page.getByLabel('Share something with the community').fill(text);
  await page.getByRole('form', { name: 'New post' }).getByRole('button', { name: 'Post', exact: true }).press('Enter');
  const post = page.getByRole('article', { name: `Post by ${member.name}` }).filter({ hasText: text });
  await expect(post).toBeFocused();

  // Its comment count opens the thread; a comment posted by Enter on Post is focused once shown.
  await post.getByRole('button', { name: /0 comments/ }).press('Enter');
  const thread = page.getByRole('dialog');
  const comment = `Thank you ${uniqueName('')}`;
  await thread.getByLabel('Write a comment').fill(comment);
  await thread.getByRole('button', { name: 'Post', exact: true }).press('Enter');
  await expect(thread.locator('[id^="comment-"]').filter({ hasText: comment })).toBeFocused();
});

test('Book focuses the booking status, and Escape returns to the booked session', async ({ browser, request }) => {
  const facilitator = await createUser({ isFacilitator: true });
  const member = await createUser({});
  const name = `Quiet hour ${uniqueName('')}`;

  const desk = await (await browser.newContext()).newPage();
  await signIn(desk, facilitator.email);
  // next week's Wednesday, 10:00 to 11:00 in the browser's zone
  const [startTime, endTime] = await desk.evaluate(() => {
    const day = new Date();
    day.setHours(10, 0, 0, 0);
    day.setDate(day.getDate() - day.getDay() + 10);
    return [day.toISOString(), new Date(day.getTime() + 3_600_000).toISOString()];
  });
  await ok(
    await request.post('/api/app/facilitator/sessions', {
      headers: await tokenOf(desk),
      data: { name, price: 0, startTime, endTime, meetingUrl: 'https://meet.example.com/quiet' },
    }),
  );

  const page = await (await browser.newContext()).newPage();
  await signIn(page, member.email);
  await page.goto(`/profile/${facilitator.id}?tab=sessions`);
  const calendar = page.getByRole('tabpanel', { name: 'Sessions' });
  await calendar.getByRole('button', { name: 'Next week' }).press('Enter');
  await calendar.getByRole('button', { name }).press('Enter');
  const details = page.getByRole('dialog', { name });
  await details.getByRole('button', { name: 'Book', exact: true }).press('Enter');
  const status = details.getByRole('status');
  await expect(status).toContainText('Booked by you');
  await expect(status).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  // the slot, now drawn as booked, not another session or <body>
  await expect(calendar.getByRole('article', { name })).toBeFocused();
});

test("the admin table's Next focuses the new page's first row; a delete is announced", async ({ page }) => {
  const admin = await createUser({ isAdmin: true });
  const marker = uniqueName('pager');
  // more than a page of ten users, whatever else the run has made
  const people = await Promise.all(
    Array.from({ length: 11 }, (_, i) => createUser({ handle: `${marker}${String(i).padStart(2, '0')}` })),
  );
  await signIn(page, admin.email);
  await page.goto('/admin');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(table.locator('tbody tr').first()).toBeFocused();
  // Other journeys add users meanwhile, newest first: the page before this one may now be labelled
  // 'Page 2' itself, so the turn is told by the first row changing, not by the label.
  const firstOfPageTwo = (await table.locator('tbody tr').first().textContent()) ?? '';
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await page.getByRole('button', { name: 'Previous' }).press('Enter');
  await expect(table.locator('tbody tr').first()).not.toHaveText(firstOfPageTwo);
  await expect(table.locator('tbody tr').first()).toBeFocused();

  // One of these users' Delete, confirmed: an alertdialog described by its text; the delete is said aloud.
  const remove = table.getByRole('button', { name: new RegExp(`^Delete ${marker}`) }).first();
  const email = (await remove.getAttribute('aria-label'))?.replace(/^Delete /, '') ?? '';
  expect(people.map((p) => p.email)).toContain(email);
  await remove.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Are You Sure?' });
  await expect(confirm).toHaveAccessibleDescription(/This action cannot be undone/);
  await confirm.getByRole('button', { name: 'Confirm' }).press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${email}` })).toBeAttached();
  await expectNotBody(page);
});

for (const width of [1280, 390]) {
  test(`Shift+Tab up the feed never leaves focus under the sticky header (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    const member = await createUser({});
    await signIn(page, member.email);
    const headers = await tokenOf(page);
    const marker = uniqueName('long feed ');
    for (let i = 0; i < 6; i++) {
      const text = `Post ${i} of a ${marker}\n\nA second paragraph, so the card is tall.`;
      await ok(await request.post('/api/app/post', { headers, data: { text, media: null, group: null } }));
    }
    await page.goto('/feed');
    const posts = page.getByRole('list', { name: 'Posts' });
    const mine = posts.getByRole('article').filter({ hasText: marker });
    await expect(mine).toHaveCount(6);
    // start at the oldest of them and walk up
    await mine.last().getByRole('button').last().focus();
    const hidden: string[] = [];
    for (let stop = 0; stop < 40; stop++) {
      await page.keyboard.press('Shift+Tab');
      const inMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
      if (!inMain) break;
      const place = await clearanceBelowHeader(page);
      if (place && place.clearance < 0) hidden.push(`${place.focused}: ${place.clearance}px`);
    }
    expect(hidden, 'focused elements under the header').toEqual([]);
  });
}

test("following a link moves focus to the new page's heading and says its title; the first page does not", async ({
  page,
}) => {
  const member = await createUser({});
  await signIn(page, member.email);
  // signing in is a route change too: the daily practice's heading has focus, its title is said
  await expectArrivedAt(page, 'My Daily Practice');

  // a page loaded by the browser is left as the browser leaves it
  await page.goto('/feed');
  await expect(page.getByRole('heading', { level: 1, name: 'Inspiration Feed' })).toBeVisible();
  await expect(announcer(page)).toHaveAttribute('aria-live', 'polite');
  await expect(announcer(page)).toHaveText('');
  expect(await focusedElement(page)).toBe('body');

  // a link in the header's navigation, which stays on screen with focus on it
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expectArrivedAt(page, 'Explore');
  await page.screenshot({ path: 'test-results/route-focus-explore.png' });
  // the next Tab goes on from the heading, into the page
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  await expectAccessible(page);

  // an entry of the account menu (Headless UI gives focus back to its button as it closes)
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expectArrivedAt(page, 'Settings');

  // and of the notifications menu, by keyboard
  await page.getByRole('button', { name: /^Notifications/ }).press('Enter');
  await page.getByRole('menuitem', { name: 'View All Notifications' }).press('Enter');
  await expectArrivedAt(page, 'Notifications');

  // Back is a route change as well
  await page.goBack();
  await expectArrivedAt(page, 'Settings');
});

test("on a phone, a link in the side menu moves focus to the new page's heading", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await createUser({});
  await signIn(page, member.email);
  await page.goto('/feed');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expectArrivedAt(page, 'Community');
  await page.screenshot({ path: 'test-results/route-focus-community-phone.png' });
  await expectAccessible(page);
});
