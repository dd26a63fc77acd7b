import { expect, test, type Page } from '@playwright/test';
import { createUser, expectAccessible, PASSWORD, signIn } from './support/fixtures';
import { E2E } from './support/ports';

const SHOTS = 'docs/screenshots';

/** A call to the API as a member (the set-up the journey does not click through). */
async function asMember(email: string) {
  const login = await fetch(`${E2E.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password: PASSWORD } }),
  });
  const { token } = (await login.json()) as { token: string };
  return async (path: string, body?: unknown) => {
    const res = await fetch(`${E2E.baseURL}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

async function signedIn(browser: import('@playwright/test').Browser, email: string, width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await signIn(page, email);
  return page;
}

/** A group with its owner, an appointed moderator, an author with a post in it, and a reporter. */
async function groupWithAModerator() {
  const owner = await createUser({ name: 'Olive Owner' });
  const mod = await createUser({ name: 'Milo Moderator' });
  const author = await createUser({ name: 'Ari Author' });
  const reporter = await createUser({ name: 'Rosa Reporter' });
  const postText = `Buy followers now ${Date.now()}`;

  const ownerApi = await asMember(owner.email);
  const group = await ownerApi('app/group', { name: `Evening Sit ${Date.now()}` });
  for (const who of [mod, author, reporter])
    await (await asMember(who.email))(`app/join-group/${group._id}`, { text: '' });
  await ownerApi(`app/group/${group._id}/moderators`, { userId: mod.id });
  await (await asMember(author.email))('app/post', { text: postText, group: group._id });
  return { mod, author, reporter, group, postText };
}

test('a member reports a post; an appointed moderator hides it; the reporter is told and the author sees why', async ({
  browser,
}) => {
  // three signed-in people on a shared 2-core machine
  test.setTimeout(180_000);
  const { mod, author, reporter, group, postText } = await groupWithAModerator();

  // The reporter reports the post from the group's discussion.
  const page = await signedIn(browser, reporter.email);
  await page.goto(`/group/${group._id}`);
  await page.getByRole('tab', { name: 'Discussion' }).click();
  const post = page.getByRole('article', { name: 'Post by Ari Author' });
  await expect(post.getByText(postText)).toBeVisible();
  await post.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('textbox', { name: /Anything else/ }).fill('Selling followers to everyone.');
  await page.screenshot({ path: `${SHOTS}/moderation-report-dialog-1280.png` });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText("Thanks, we'll look at this.")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The appointed moderator (not the owner) finds it in the group's review queue and hides it.
  const modPage = await signedIn(browser, mod.email);
  await modPage.goto(`/group/${group._id}`);
  await modPage.getByRole('link', { name: 'Moderation' }).click();
  await expect(modPage.getByRole('heading', { name: 'Review queue', level: 1 })).toBeVisible();
  const item = modPage.getByRole('article', { name: /Reported post by Ari Author/ });
  await expect(item.getByText(postText)).toBeVisible();
  await expect(item.getByText('Selling followers to everyone.', { exact: false })).toBeVisible();
  await modPage.screenshot({ path: `${SHOTS}/moderation-queue-1280.png`, fullPage: true });
  await expectAccessible(modPage);
  await item.getByRole('combobox', { name: 'Action' }).selectOption('hide');
  await item.getByRole('textbox', { name: /Reason/ }).fill('Spam: selling followers');
  await item.getByRole('button', { name: /Apply/ }).click();
  await expect(modPage.getByText('Nothing to review.', { exact: false })).toBeVisible();
  await expect(
    modPage.getByRole('region', { name: 'Moderation log' }).getByText('Reason: Spam: selling followers'),
  ).toBeVisible();

  // The reporter is told the outcome.
  await page.goto('/notifications');
  await expect(page.getByText(/We reviewed the post you reported: a moderator hid it/)).toBeVisible();

  // The author sees why, and the post marked hidden pending review.
  const authorPage = await signedIn(browser, author.email);
  await authorPage.goto('/notifications');
  await expect(authorPage.getByText(/A moderator hid your post. Reason: Spam: selling followers/)).toBeVisible();
  await authorPage.goto(`/group/${group._id}`);
  await authorPage.getByRole('tab', { name: 'Discussion' }).click();
  await expect(authorPage.getByText(/Hidden pending review/).first()).toBeVisible();
});

test('on a phone, a report about self-harm shows the crisis resources and the moderator finds it in the queue', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { mod, reporter, group, postText } = await groupWithAModerator();
  const phone = await signedIn(browser, reporter.email, 390);
  await phone.goto(`/group/${group._id}`);
  await phone.getByRole('tab', { name: 'Discussion' }).click();
  const post = phone.getByRole('article', { name: 'Post by Ari Author' });
  await expect(post.getByText(postText)).toBeVisible();
  await post.getByRole('button', { name: 'Report' }).click();
  await phone
    .getByRole('dialog', { name: 'Report this post' })
    .getByRole('radio', { name: /self-harm/ })
    .check();
  await phone.screenshot({ path: `${SHOTS}/moderation-report-dialog-390.png` });
  await phone.getByRole('dialog', { name: 'Report this post' }).getByRole('button', { name: 'Send report' }).click();
  await expect(phone.getByRole('note', { name: 'Crisis resources' })).toBeVisible();
  const modPhone = await signedIn(browser, mod.email, 390);
  await modPhone.goto(`/group/${group._id}/moderation`);
  await expect(modPhone.getByRole('article', { name: /Reported post by Ari Author/ })).toBeVisible();
  await modPhone.screenshot({ path: `${SHOTS}/moderation-queue-390.png`, fullPage: true });
});
