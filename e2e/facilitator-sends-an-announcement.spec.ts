import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, latestMail, PASSWORD, signIn, uniqueName, watchCsp } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

/** where the screenshots go (Playwright empties test-results/ at the start of every run) */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results';

/**
 * From /program a facilitator writes to the members of one plan, previews the mail
 * as it will arrive, and sends it; the page says how many it went to, the list shows it, and a
 * member gets the mail.
 */
test('a facilitator previews and sends an announcement to the members of a plan', async ({ page, request }) => {
  // the outbox job runs once a minute
  test.setTimeout(180_000);
  const csp = await watchCsp(page);
  const facilitator = await createUser({ name: 'Maya Stone', isFacilitator: true });
  const members = [await createUser({ name: 'Ada Member' }), await createUser({ name: 'Bo Member' })];

  await signIn(page, facilitator.email);
  const tierName = uniqueName('Morning Calm ');
  const tier = await ok<{ _id: string }>(
    await request.post('/api/app/tier/new', {
      headers: await tokenOf(page),
      data: {
        name: tierName,
        description: 'Ten minutes a day',
        type: 'subscription',
        price: 0,
        contentQueueFrequency: 1,
        published: true,
        releaseAllContent: false,
        allowDirectMessaging: false,
      },
    }),
  );
  for (const member of members) {
    const login = await ok<{ token: string }>(
      await request.post('/api/auth/login', { data: { user: { email: member.email, password: PASSWORD } } }),
    );
    await ok(
      await request.get(`/api/app/subscribe/${tier._id}`, { headers: { Authorization: `Bearer ${login.token}` } }),
    );
  }

  await page.goto('/program');
  await page.getByRole('link', { name: 'Announcements' }).click();
  await expect(page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await expect(page.getByText('No announcements yet')).toBeVisible();
  await page.getByRole('combobox', { name: /Send to/ }).selectOption({ label: `${tierName} (2 members)` });
  await page.getByRole('textbox', { name: /Subject/ }).fill('Spring retreat: May 14–16');
  await page
    .getByRole('textbox', { name: /Message/ })
    .fill(
      'Dear friends,\n\nOur **spring retreat** is set: three mornings by the lake.\n\n- A blanket\n- Warm layers\n\nRead the [full schedule](https://tend.example/retreat).',
    );
  // axe waits forever on a frame that may run no script: it checks the page before the preview and after sending
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Preview' }).click();
  const frame = page.frameLocator('iframe[title^="Preview of the email"]');
  await expect(frame.getByText(`Maya Stone wrote to the members of ${tierName}:`)).toBeVisible();
  await expect(frame.getByRole('link', { name: 'full schedule' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/announcements-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/announcements-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: 'Send a test to yourself' }).click();
  await expect(page.getByText(`Test sent to ${facilitator.email}`)).toBeVisible();

  await page.getByRole('button', { name: 'Send to 2 members' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(`goes to the members of ${tierName}`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/announcements-confirm-1280.png` });
  await dialog.getByRole('button', { name: 'Send to 2 members' }).click();
  await expect(page.getByText('Sent to 2 members.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Spring retreat: May 14–16' })).toContainText(
    'Sent to 2 members',
  );
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/announcements-sent-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/announcements-sent-390.png`, fullPage: true });

  await expect
    .poll(async () => (await latestMail(members[0]!.email, 'Spring retreat').catch(() => null))?.text ?? '', {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toContain('Our spring retreat is set');
  csp.expectNone();
});
