import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { unzipAll } from '../server/features/exports/testing/unzip';
import { expectAccessible, seedPaidPlans, signIn } from './support/fixtures';

const SHOTS = '/work/shots/issue38';

test('a facilitator exports their business, follows it until it is ready and downloads the archive', async ({
  browser,
}) => {
  const { facilitator, monthly } = await seedPaidPlans();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, facilitator.email, facilitator.password);

  // from the dashboard to the export screen
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Export your business' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Export your business' })).toBeVisible();
  await expect(page.getByText('No exports yet')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Request an export' }).click();
  const download = page.getByRole('button', { name: /^Download the export of/ });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Ready · .* · download until/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/business-export-1280.png`, fullPage: true });

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^tend-business-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const entries = await unzipAll(bytes);
  const manifest = JSON.parse(entries.get('manifest.json')!.toString());
  expect(manifest).toMatchObject({ format: 'tend-export', scope: 'business', facilitatorId: facilitator.id });
  expect(entries.get('tiers.csv')!.toString()).toContain(monthly.name);

  // the same screen on a phone
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
  await signIn(phone, facilitator.email, facilitator.password);
  await phone.goto('/export');
  await expect(phone.getByRole('button', { name: /^Download the export of/ })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Request an export' })).toBeEnabled();
  await expectAccessible(phone);
  await phone.screenshot({ path: `${SHOTS}/business-export-390.png`, fullPage: true });
});
