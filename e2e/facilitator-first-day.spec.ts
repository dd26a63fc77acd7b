import { expect, test, type Locator } from '@playwright/test';
import { createUser, expectAccessible, signIn } from './support/fixtures';

// A new facilitator's first day and the admin's tables at a 390 px phone width; screenshots
// saved for a person to look at.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const noSideScroll = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

/** Wholly inside the 390 px viewport, so nobody has to scroll sideways to reach it. */
async function expectOnScreen(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

test("a new facilitator's first day is guided, and the checklist ticks itself off", async ({ page }) => {
  const facilitator = await createUser({ isFacilitator: true, name: 'Fern First' });
  await signIn(page, facilitator.email);

  await page.goto('/program');
  const steps = page.getByRole('region', { name: 'Your first steps' });
  await expect(steps).toContainText('0 of 4 done');
  await expect(steps.getByRole('link', { name: 'Create your first tier' })).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'e2e/screenshots/first-day-program-390.png', fullPage: true });

  // a published tier ticks two steps off
  await steps.getByRole('link', { name: 'Create your first tier' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Dawn Circle');
  await page.getByRole('radio', { name: 'Subscription' }).check();
  await page.getByRole('spinbutton', { name: /^Price/ }).fill('0');
  await page.getByRole('checkbox', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Create Tier' }).click();
  await expect(page).toHaveURL(/\/program\?tier=/);
  await expect(steps).toContainText('2 of 4 done');
  await expect(steps.getByRole('listitem').filter({ hasText: 'Create your first tier' })).toContainText('done');

  // the tier as a member who joins today would see it
  await page.getByRole('button', { name: 'Preview as a member' }).click();
  const preview = page.getByRole('dialog', { name: 'Dawn Circle, as a member sees it' });
  await expect(preview).toContainText('Nothing in this tier yet');
  await expectAccessible(page);
  await page.screenshot({ path: 'e2e/screenshots/member-preview-390.png' });
  await preview.getByRole('button', { name: 'Close' }).click();

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Your first steps' })).toContainText('2 of 4 done');
  await noSideScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/first-day-dashboard-390.png', fullPage: true });
});

test("the admin's users table shows Edit and Delete on a phone", async ({ page }) => {
  const admin = await createUser({ isAdmin: true, name: 'Ada Phone' });
  await signIn(page, admin.email);
  await page.goto('/admin');
  const table = page.getByRole('table', { name: 'Users' });
  const firstRow = table.locator('tbody tr').first();
  await expect(firstRow.getByRole('link', { name: /^Edit / })).toBeVisible();
  await expectOnScreen(firstRow.getByRole('link', { name: /^Edit / }));
  await expectOnScreen(firstRow.getByRole('button', { name: /^Delete / }));
  await noSideScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/admin-users-390.png', fullPage: true });
});
