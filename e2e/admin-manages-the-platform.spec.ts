import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createUser, expectAccessible, signIn, uniqueName, watchCsp } from './support/fixtures';

/** The emails in the Users table's first column, in the order shown. */
const shownEmails = (page: Page) =>
  page.getByRole('table', { name: 'Users' }).locator('tbody tr td:first-child').allInnerTexts();

test('an admin pages through and sorts the users, exports them, edits a flag, deletes a tag and edits a comment', async ({
  page,
}) => {
  const admin = await createUser({ isAdmin: true, name: 'Ada Admin' });
  // 'aaa' sorts this account first by email among everything the journeys create
  const target = await createUser({ name: 'Aaron Aardvark', handle: uniqueName('aaa') });
  await Promise.all(Array.from({ length: 35 }, () => createUser({})));

  // a member's group, with a post and a comment on it
  const member = await createUser({ name: 'Cora Commenter' });
  const groupName = `Admin Walkers ${uniqueName('')}`;
  const login = await page.request.post('/api/auth/login', {
    data: { user: { email: member.email, password: member.password } },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const group = await (await page.request.post('/api/app/group', { headers, data: { name: groupName } })).json();
  const post = await (
    await page.request.post('/api/app/post', { headers, data: { text: 'Sunrise sit by the river', group: group._id } })
  ).json();
  expect(
    (
      await page.request.post(`/api/app/create-comment/${post._id}`, { headers, data: { commentText: 'So calm' } })
    ).ok(),
  ).toBe(true);

  const csp = await watchCsp(page);
  await signIn(page, admin.email);
  await page.getByRole('link', { name: 'Admin Portal' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // no search box on Users
  await expect(page.getByPlaceholder('Search...')).toHaveCount(0);

  // paging: at least 38 accounts, 10 a page
  const pager = page.getByRole('navigation', { name: 'Users pages' });
  const label = pager.getByText(/^Page \d+ of \d+$/);
  await expect(label).toHaveText(/^Page 1 of \d+$/);
  const pages = Number((await label.innerText()).split(' of ')[1]);
  expect(pages).toBeGreaterThanOrEqual(4);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const firstPage = await shownEmails(page);
  expect(firstPage).toHaveLength(10);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(label).toHaveText(`Page 2 of ${pages}`);
  await expect.poll(() => shownEmails(page)).not.toEqual(firstPage);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(label).toHaveText(`Page 3 of ${pages}`);
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(label).toHaveText(`Page 2 of ${pages}`);
  await pager.getByLabel('Rows per page').selectOption('20');
  await expect(label).toHaveText(/^Page 1 of \d+$/);
  await expect.poll(async () => (await shownEmails(page)).length).toBe(20);
  await pager.getByLabel('Rows per page').selectOption('10');

  // sorting by email, on the server: the 'aaa' account comes first
  await page.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(label).toHaveText(`Page 1 of ${pages}`);
  // (a retried run leaves its own 'aaa' account from the first try, so: an 'aaa' first, ours on the page)
  await expect.poll(async () => (await shownEmails(page))[0]).toMatch(/^aaa/);
  const sorted = await shownEmails(page);
  expect(sorted).toContain(target.email);
  expect(sorted).toEqual([...sorted].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  await expectAccessible(page);

  // CSV: a byte-order mark, then the header row, then every user
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('"Email","Username","Facilitator"');
  expect(lines).toContain(`"${target.email}","${target.username}","No"`);
  expect(lines.length - 1).toBeGreaterThanOrEqual(38);

  // edit the account's facilitator flag
  await page.getByRole('link', { name: `Edit ${target.email}` }).click();
  await expect(page).toHaveURL(/\/admin\/manage-user\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Manage User', level: 1 })).toBeVisible();
  const isFacilitator = page.getByRole('checkbox', { name: /Is Facilitator/ });
  await expect(isFacilitator).not.toBeChecked();
  await expectAccessible(page);
  await isFacilitator.check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('columnheader', { name: 'Facilitator' }).getByRole('button').click();
  await page.getByRole('columnheader', { name: 'Email' }).getByRole('button').click();
  await expect(page.getByRole('row', { name: new RegExp(target.email) }).getByText('Yes')).toBeVisible();

  // add a tag, then delete it through the confirmation dialog
  const tagText = uniqueName('stillness-');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tags' }).click();
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add Tag' }).click();
  await page.getByRole('textbox', { name: 'Tag' }).fill(tagText);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/admin\/tags$/);
  // the 'Saved' toasts (the user's flag and the tag, when they overlap) fade under the dialog's
  // backdrop otherwise, which axe reads as faint text
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(0, { timeout: 10_000 });
  await page.getByPlaceholder('Search...').fill(tagText);
  await expect(page.getByRole('cell', { name: tagText, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${tagText}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are You Sure?' });
  await expect(dialog.getByText('This action cannot be undone')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: tagText, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${tagText}` }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: tagText, exact: true })).toHaveCount(0);

  // edit the comment on the member's post: Groups -> the group -> View Posts -> the post
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Groups' }).click();
  await page.getByPlaceholder('Search...').fill(groupName);
  await page.getByRole('link', { name: `Edit ${groupName}` }).click();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(groupName);
  await page.getByRole('link', { name: 'View Posts' }).click();
  await expect(page.getByRole('heading', { name: `${groupName}'s Posts`, level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: /^Edit post by Cora Commenter/ }).click();
  await expect(page.getByRole('heading', { name: 'Manage Post', level: 1 })).toBeVisible();
  const comment = page.getByRole('textbox', { name: /Comment by Cora Commenter/ });
  await expect(comment).toHaveValue('So calm');
  await comment.fill('So calm, and so quiet');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/group/${group._id}/posts$`));
  await page.getByRole('link', { name: /^Edit post by Cora Commenter/ }).click();
  await expect(page.getByRole('textbox', { name: /Comment by Cora Commenter/ })).toHaveValue('So calm, and so quiet');

  // and every change is in the audit log
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
  await page.getByPlaceholder('Search...').fill(tagText);
  await expect(page.getByRole('row').filter({ hasText: 'delete' })).toHaveCount(1);
  csp.expectNone();
});

test('on a phone the admin sidebar slides over and closes again', async ({ browser }) => {
  const admin = await createUser({ isAdmin: true, name: 'Pia Phone' });
  const page = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await signIn(page, admin.email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(nav).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Close sidebar' }).click();
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await nav.getByRole('link', { name: 'Groups' }).click();
  await expect(page).toHaveURL(/\/admin\/groups$/);
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await expect(nav).toBeHidden();
  // the table scrolls inside its card; the page itself never scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
