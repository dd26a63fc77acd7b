import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, latestMail, PASSWORD, signIn, uniqueName } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

/** where the screenshots go (Playwright empties test-results/ at the start of every run) */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results';

/**
 * A group host asks for join requests by email at once in Settings; a
 * request arrives as a mail (within the minute of the outbox job) whose footer link, opened
 * signed out, turns those mails off; Settings then shows 'Off'.
 */
test('a host gets join requests by email, then unsubscribes from the mail without signing in', async ({
  page,
  browser,
  request,
}) => {
  // the outbox job runs once a minute
  test.setTimeout(180_000);
  const host = await createUser({ name: 'Hana Host' });
  const asker = await createUser({ name: 'Ari Asker' });

  await signIn(page, host.email);
  await page.goto('/settings#email-notifications');
  const section = page.getByRole('region', { name: 'Email notifications' });
  const joins = section.getByRole('combobox', { name: 'Requests to join your groups' });
  await expect(joins).toHaveValue('digest');
  await joins.selectOption({ label: 'Immediately' });
  await expect(section.getByText('Saved')).toBeVisible();
  await expectAccessible(page);
  await section.screenshot({ path: `${SHOTS}/email-notifications-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SHOTS}/email-notifications-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  const groupName = uniqueName('Dawn Circle ');
  const group = await ok<{ _id: string }>(
    await request.post('/api/app/group', {
      headers: await tokenOf(page),
      data: { name: groupName, isPrivate: true },
    }),
  );
  const login = await ok<{ token: string }>(
    await request.post('/api/auth/login', { data: { user: { email: asker.email, password: PASSWORD } } }),
  );
  await ok(
    await request.post(`/api/app/join-group/${group._id}`, {
      headers: { Authorization: `Bearer ${login.token}` },
      data: { text: 'May I join?' },
    }),
  );

  let text = '';
  await expect
    .poll(
      async () => {
        text = await latestMail(host.email, 'asked to join')
          .then((m) => m.text)
          .catch(() => '');
        return text;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toContain(`Ari Asker asked to join ${groupName}`);
  const link = text.match(/https?:\/\/\S+\/unsubscribe\?token=[\w.%-]+/)?.[0];
  expect(link, 'the mail footer has the unsubscribe link').toBeTruthy();

  // a mail app, or a browser where nobody is signed in
  const signedOut = await browser.newContext();
  const visitor = await signedOut.newPage();
  await visitor.goto(link!);
  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(visitor.getByText('You will no longer get emails about requests to join your groups.')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Choose which emails you get' })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.screenshot({ path: `${SHOTS}/unsubscribe-1280.png` });
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.screenshot({ path: `${SHOTS}/unsubscribe-390.png` });

  await visitor.goto('/unsubscribe?token=forged.link');
  await expect(visitor.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await visitor.screenshot({ path: `${SHOTS}/unsubscribe-bad-link-390.png` });

  // 'Choose which emails you get' goes through sign-in to the section, where those mails are now off
  await visitor.goBack();
  await visitor.getByRole('link', { name: 'Choose which emails you get' }).click();
  await expect(visitor).toHaveURL(/\/login\?rd=/);
  await signIn(visitor, host.email, PASSWORD, visitor.url());
  await expect(visitor).toHaveURL(/\/settings#email-notifications$/);
  await expect(
    visitor.getByRole('region', { name: 'Email notifications' }).getByRole('combobox', {
      name: 'Requests to join your groups',
    }),
  ).toHaveValue('off');
  await signedOut.close();
});
