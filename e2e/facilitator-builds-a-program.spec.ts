import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pngImage, wavTone } from '../scripts/media-fixtures';
import { createUser, expectAccessible, signIn, watchCsp } from './support/fixtures';

// Real files made on the spot: a 600x400 PNG gradient and two short WAV tones.
let dir: string;
const files = { thumbnail: '', firstAudio: '', secondAudio: '' };

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tend-e2e-media-'));
  files.thumbnail = join(dir, 'morning-light.png');
  files.firstAudio = join(dir, 'arrival.wav');
  files.secondAudio = join(dir, 'box-breathing.wav');
  writeFileSync(files.thumbnail, await pngImage(600, 400, 150));
  writeFileSync(files.firstAudio, wavTone(2, 396));
  writeFileSync(files.secondAudio, wavTone(2, 528));
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An <img> that really loaded (not the placeholder, not a broken image). */
async function expectLoadedImage(img: Locator, src: RegExp) {
  await expect(img).toHaveAttribute('src', src);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

/** The Content Queue's rows, top to bottom, as 'Day N title'. */
const queueRows = (page: Page) => page.getByRole('list', { name: 'Content Queue' }).getByRole('listitem');

async function addContent(page: Page, item: { title: string; description: string; type: string; audio: string }) {
  await page.getByRole('link', { name: 'Add Content' }).click();
  await expect(page).toHaveURL(/\/program\/content\/new\?tier=/);
  await expect(page.getByRole('heading', { name: 'Add Content' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add content' });
  // Coming from the tier, it is already chosen.
  await expect(form.getByRole('checkbox', { name: /Dawn Circle/ })).toBeChecked();
  await form.getByLabel('Title', { exact: true }).fill(item.title);
  await form.getByLabel('Description', { exact: true }).fill(item.description);

  await form.getByLabel('Media', { exact: true }).setInputFiles(item.audio);
  // The preview plays the upload back through a signed URL.
  const preview = form.locator('audio[aria-label="Media preview"]');
  await expect(preview).toHaveAttribute('src', /^\/api\/files\/[^?]+\?exp=\d+&sig=/);
  await expect.poll(() => preview.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(1.9);
  await expect(form.getByRole('button', { name: 'Replace' })).toBeVisible();

  await form.getByRole('radio', { name: item.type }).check();
  await expect(form.getByRole('radio', { name: 'Add to post queue' })).toBeChecked();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create Content' }).click();
  await expect(page).toHaveURL(/\/program\?tier=/);
}

test('a facilitator creates a tier with a thumbnail, queues two audio practices and reorders them', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  const facilitator = await createUser({ isFacilitator: true, name: 'Fern Facilitator' });
  await signIn(page, facilitator.email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Membership' }).click();
  await expect(page).toHaveURL(/\/program$/);
  await expect(page.getByRole('heading', { name: 'Membership', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no tiers yet')).toBeVisible();
  await expectAccessible(page);

  // The tier.
  await page.getByRole('link', { name: 'Add Tier' }).click();
  await expect(page).toHaveURL(/\/program\/tier\/new$/);
  const tierForm = page.getByRole('form', { name: 'Add tier' });
  await tierForm.getByLabel('Name', { exact: true }).fill('Dawn Circle');
  await tierForm.getByRole('radio', { name: 'Subscription' }).check();
  await tierForm.getByLabel('Price (USD per month)').fill('0');
  await tierForm.getByLabel('Description', { exact: true }).fill('A short practice every morning.');

  const imageAnswer = page.waitForResponse((res) => /\/images\/.+\?tr=w-600$/.test(res.url()));
  await tierForm.getByLabel('Thumbnail', { exact: true }).setInputFiles(files.thumbnail);
  const preview = tierForm.getByRole('img', { name: 'Thumbnail preview' });
  await expectLoadedImage(preview, /\/images\/.+\?tr=w-600$/);
  const served = await imageAnswer;
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
  // The 600 px preview of a 600 px image.
  expect(await preview.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(600);
  await expect(tierForm.getByRole('button', { name: 'Remove' })).toBeVisible();

  await tierForm.getByRole('checkbox', { name: 'Published' }).check();
  await expectAccessible(page);
  await tierForm.getByRole('button', { name: 'Create Tier' }).click();

  // Its card, with the thumbnail at 100 px.
  await expect(page).toHaveURL(/\/program\?tier=/);
  const card = page.getByRole('list', { name: 'Tiers' }).getByRole('listitem').filter({ hasText: 'Dawn Circle' });
  await expect(card.getByRole('button', { name: /Dawn Circle/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toContainText('Subscription');
  await expect(card).toContainText('Free');
  await expect(card).toContainText('Published');
  await expectLoadedImage(card.locator('img'), /\/images\/.+\?tr=w-100$/);
  await expect(card.getByRole('link', { name: 'Edit Dawn Circle' })).toBeVisible();
  await expect(page.getByText('Releases day-by-day to new subscribers')).toBeVisible();
  await expect(page.getByText('Nothing in the queue yet.')).toBeVisible();

  // Two practices, each to the post queue.
  await addContent(page, { title: 'Arrival', description: 'Settle in.', type: 'Meditation', audio: files.firstAudio });
  await addContent(page, {
    title: 'Box breathing',
    description: 'Four counts each.',
    type: 'Breathwork',
    audio: files.secondAudio,
  });

  const rows = queueRows(page);
  await expect(rows).toHaveText([/Day 1.*Arrival.*Meditation/, /Day 2.*Box breathing.*Breathwork/]);
  await expect(page.getByText('No content outside the queue.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move Arrival up' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move Box breathing down' })).toBeDisabled();
  await expectAccessible(page);

  // Box breathing goes first (from the keyboard): the order and the Day labels swap, and focus
  // stays on the item, on its other arrow since this one is now disabled.
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/app/tier') && res.request().method() === 'POST');
  await page.getByRole('button', { name: 'Move Box breathing up' }).focus();
  await page.keyboard.press('Enter');
  expect((await saved).ok()).toBe(true);
  await expect(rows).toHaveText([/Day 1.*Box breathing/, /Day 2.*Arrival/]);
  await expect(page.getByRole('button', { name: 'Move Box breathing down' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Box breathing moved to Day 1' })).toBeAttached();

  // It stays that way.
  await page.reload();
  await expect(rows).toHaveText([/Day 1.*Box breathing/, /Day 2.*Arrival/]);
  await expect(page.getByRole('button', { name: 'Move Box breathing up' })).toBeDisabled();

  csp.expectNone();
});
