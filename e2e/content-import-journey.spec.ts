import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { wavTone } from '../scripts/media-fixtures';
import { startFeedServer } from '../server/features/content-import/testing/feed-server';
import { createUser, expectAccessible, PASSWORD, signIn, uniqueName, watchCsp } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

/** where the screenshots go (Playwright empties test-results/ at the start of every run) */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results';

/** A free daily tier of the signed-in facilitator's, named from `prefix`; answers its name. */
async function newTier(page: Page, request: APIRequestContext, prefix: string) {
  const name = uniqueName(prefix);
  await ok(
    await request.post('/api/app/tier/new', {
      headers: await tokenOf(page),
      data: {
        name,
        description: 'A sit a day',
        type: 'subscription',
        price: 0,
        contentQueueFrequency: 1,
        published: true,
        releaseAllContent: false,
        allowDirectMessaging: false,
      },
    }),
  );
  return name;
}

/**
 * A facilitator moving to Tend brings a podcast in at once: from /program they open 'Import
 * content', load the feed (served here on the loopback), leave one episode out, choose the tier,
 * and watch each episode become an item of the tier's queue. A member may not import.
 */
test('a facilitator imports a podcast feed into a tier’s queue and watches it finish', async ({ page, request }) => {
  const feed = await startFeedServer({ count: 6, title: 'Morning Sits', delayMs: 150 });
  try {
    const csp = await watchCsp(page);
    const facilitator = await createUser({ name: 'Maya Stone', isFacilitator: true });
    const member = await createUser({ name: 'Ada Member' });
    await signIn(page, facilitator.email);
    const tierName = await newTier(page, request, 'Daily Sits ');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/program');
    await page.getByRole('link', { name: 'Import content' }).click();
    await expect(page.getByRole('heading', { name: 'Import content', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Podcast feed' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('textbox', { name: /Feed address/ }).fill(feed.feedUrl);
    await page.getByRole('button', { name: 'Load feed' }).click();
    await expect(page.getByRole('heading', { name: 'Morning Sits: 6 recordings' })).toBeVisible();
    await page.getByRole('combobox', { name: /Tier/ }).selectOption({ label: tierName });
    await page.getByRole('checkbox', { name: /Episode 6/ }).uncheck();
    await expect(page.getByText('5 of 6 chosen')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/content-import-preview-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/content-import-preview-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Import 5 recordings' }).click();
    await expect(page.getByText(/Importing|Finished/)).toBeVisible();
    await expect(page.getByText('Finished: 5 imported')).toBeVisible({ timeout: 60_000 });
    const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
    await expect(items).toHaveCount(5);
    await expect(items.first()).toContainText('1. Episode 1');
    await expect(items.last()).toContainText('5. Episode 5');
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/content-import-done-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/content-import-done-390.png`, fullPage: true });

    // the queue on the tier holds them in order
    await page.goto('/program');
    await expect(page.getByText('Episode 1').first()).toBeVisible();
    csp.expectNone();

    // a member is refused
    const login = await ok<{ token: string }>(
      await request.post('/api/auth/login', { data: { user: { email: member.email, password: PASSWORD } } }),
    );
    const refused = await request.post('/api/app/content-imports/feed-preview', {
      headers: { Authorization: `Bearer ${login.token}` },
      data: { feedUrl: feed.feedUrl },
    });
    expect(refused.status()).toBe(403);
  } finally {
    await feed.close();
  }
});

/**
 * A facilitator with recordings on their computer and no ZIP: on the Files tab they pick three
 * audio files at once, retitle one, put the last first, and watch them land in that order.
 */
test('a facilitator imports several audio files at once, in the order and with the titles they chose', async ({
  page,
  request,
}) => {
  const csp = await watchCsp(page);
  const facilitator = await createUser({ name: 'Maya Stone', isFacilitator: true });
  await signIn(page, facilitator.email);
  const tierName = await newTier(page, request, 'Evening Sits ');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/program/import');
  await page.getByRole('tab', { name: 'Files', exact: true }).click();
  await page.getByRole('combobox', { name: /Tier/ }).selectOption({ label: tierName });
  const wav = (name: string, hz: number) => ({ name, mimeType: 'audio/wav', buffer: wavTone(0.5, hz) });
  await page
    .getByLabel('Audio or video files')
    .setInputFiles([wav('arriving.wav', 300), wav('body_scan.wav', 320), wav('welcome-first.wav', 340)]);
  const list = page.getByRole('list', { name: 'Files to import' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: 'Title of body_scan.wav' })).toHaveValue('body scan');
  await page.getByRole('textbox', { name: 'Title of body_scan.wav' }).fill('A body scan to settle');
  // keyboard: the last file moves to the top with Enter on its buttons
  await page.getByRole('button', { name: 'Move welcome-first.wav up' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Move welcome-first.wav up' }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem').first()).toContainText('welcome-first.wav');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/content-import-files-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/content-import-files-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Upload and import 3 files' }).click();
  await expect(page.getByText('Finished: 3 imported')).toBeVisible({ timeout: 60_000 });
  const items = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('1. welcome first');
  await expect(items.nth(1)).toContainText('2. arriving');
  await expect(items.nth(2)).toContainText('3. A body scan to settle');
  csp.expectNone();
});
