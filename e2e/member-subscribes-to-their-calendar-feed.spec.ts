import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createUser, expectAccessible, PASSWORD, signIn } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

/** where the screenshots go (Playwright empties test-results/ at the start of every run) */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** The Calendar feed section at `width`, whole, scrolled below the sticky header. */
async function shoot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 1500 });
  const section = page.locator('#calendar-feed');
  await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const box = (await section.boundingBox())!;
  await page.screenshot({ path: `${SHOTS}/${name}`, clip: box });
  await page.setViewportSize({ width, height: 844 });
}

/**
 * A member turns on their calendar feed in Settings, a calendar app reads it without signing in
 * and finds the session they booked; a new address ends the old one.
 */
test('a member turns on their calendar feed, a calendar reads it, and a new address ends the old one', async ({
  page,
  request,
}) => {
  const coach = await createUser({ isFacilitator: true, name: 'Maya Feed' });
  const member = await createUser({ name: 'Sam Feed' });
  const { token } = await ok<{ token: string }>(
    await request.post('/api/auth/login', { data: { user: { email: coach.email, password: PASSWORD } } }),
  );
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(9, 0, 0, 0);
  const session = await ok<{ _id: string }>(
    await request.post('/api/app/facilitator/sessions', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: 'Morning breath',
        description: 'One to one',
        price: 0,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
        meetingUrl: 'https://meet.example.com/abc',
      },
    }),
  );

  await signIn(page, member.email);
  await ok(
    await request.post('/api/app/book-free-session', {
      headers: await tokenOf(page),
      data: { sessionId: session._id },
    }),
  );
  await page.goto('/settings#calendar-feed');
  const section = page.getByRole('region', { name: 'Calendar feed' });
  await section.getByRole('button', { name: 'Turn on calendar feed' }).click();
  const address = section.getByRole('textbox', { name: 'Your calendar feed address' });
  await expect(address).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
  const url = new URL(await address.inputValue());
  await expect(section.getByRole('link', { name: 'Add to Apple Calendar' })).toHaveAttribute(
    'href',
    url.href.replace(/^https?:/, 'webcal:'),
  );

  // a calendar app reads it with no session
  const feed = await request.get(url.pathname, { headers: {} });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('SUMMARY:Morning breath');

  await expectAccessible(page);
  await shoot(page, 'settings-calendar-feed-1280.png', 1280);
  await shoot(page, 'settings-calendar-feed-390.png', 390);
  await expectAccessible(page);

  // a new address, once confirmed: the old one answers 404
  await section.getByRole('button', { name: 'Get a new address' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Get a new address?' });
  await dialog.getByRole('button', { name: 'Get a new address' }).click();
  await expect(dialog).toBeHidden();
  await expect(address).not.toHaveValue(url.href);
  expect((await request.get(url.pathname)).status()).toBe(404);
  const renewed = new URL(await address.inputValue());
  expect((await request.get(renewed.pathname)).status()).toBe(200);
});
