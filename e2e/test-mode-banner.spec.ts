import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signIn } from './support/fixtures';

/**
 * With PAYMENTS_MODE=test (the e2e server sets it) nobody can mistake the built-in
 * checkout for real payments: every page, signed in or not, on a phone too, says so. The banner
 * is a landmark of its own (a region named by its text), so axe's region rule (all content in
 * landmarks) passes on every page that shows it.
 */
const BANNER = 'Test mode: no real payments';

test('every page says payments are in test mode, signed out and signed in, on a phone too', async ({ page }) => {
  const banner = page.getByRole('region', { name: BANNER });
  await page.goto('/login');
  await expect(banner).toHaveText(BANNER);
  await expectAccessible(page);

  const member = await createUser({ name: 'Banner Reader' });
  await signIn(page, member.email);
  for (const path of ['/', '/explore', '/subscriptions', '/settings', '/terms-of-service']) {
    await page.goto(path);
    await expect(banner).toHaveText(BANNER);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/feed');
  await expect(banner).toBeVisible();
  const box = await banner.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/test-mode-banner-phone.png' });
});
