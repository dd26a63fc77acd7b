import { expect, test, type Page } from '@playwright/test';
import { createUser, signIn, uniqueName } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';
import { clearanceBelowHeader, focusedElement } from './support/visual-checks';

/**
 * WCAG 2.4.3 and 2.4.11: after each action that removes or disables the button pressed,
 * focus lands on what the action produced, never on <body>; and a focused element is never hidden
 * under the sticky header. Every step by keyboard.
 */

async function expectNotBody(page: Page) {
  expect(await focusedElement(page), 'focus after the action').not.toBe('body');
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
