import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signIn } from './support/fixtures';

// Screens at a 390 px phone width, saved under e2e/screenshots/ for a person to look at.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const noSideScroll = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('login, register and the signed-in layout fit a phone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await noSideScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/login-390.png', fullPage: true });

  await page.goto('/register');
  await expect(page.getByLabel('Confirm Password', { exact: true })).toBeVisible();
  await noSideScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/register-390.png', fullPage: true });

  const member = await createUser({ name: 'Pia Phone' });
  await signIn(page, member.email);
  await expect(page.getByText('Welcome back, Pia Phone')).toBeVisible();
  await noSideScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/layout-390.png', fullPage: true });

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Your Subscriptions' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'e2e/screenshots/menu-390.png' });
});
