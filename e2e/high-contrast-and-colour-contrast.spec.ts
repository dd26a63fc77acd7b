import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createUser, seedPaidPlans, signIn } from './support/fixtures';
import { controlsWithoutEdges, focusOutlineContrast, textFieldContrasts } from './support/visual-checks';

/**
 * Forms stay usable in forced colours (Windows High Contrast), and borders, placeholders
 * and focus indicators reach the WCAG 2.2 AA ratios (1.4.3 text 4.5:1, 1.4.11 non-text 3:1).
 */

/** axe's colour-contrast rule alone, every impact. */
async function expectColourContrast(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
}

async function expectFieldContrasts(page: Page) {
  const { borders, placeholders } = await textFieldContrasts(page);
  expect(borders.length, 'text fields found').toBeGreaterThan(0);
  expect(borders.filter((b) => b.ratio < 3)).toEqual([]);
  expect(placeholders.filter((p) => p.ratio < 4.5)).toEqual([]);
}

/** Tabs through the first `stops` stops of the page; each one's outline reaches 3:1 where it draws one. */
async function expectFocusOutlines(page: Page, stops: number) {
  const weak: string[] = [];
  let drawn = 0;
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const outline = await focusOutlineContrast(page);
    if (!outline) continue;
    drawn++;
    if (outline.ratio < 3) weak.push(`${outline.what}: ${outline.ratio}`);
  }
  expect(drawn, 'focus stops with an outline').toBeGreaterThan(stops / 2);
  expect(weak).toEqual([]);
}

test('in forced colours every control on /register and /settings keeps a visible edge', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/register');
  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
  expect(await controlsWithoutEdges(page)).toEqual([]);

  const member = await createUser({});
  await signIn(page, member.email);
  await page.goto('/settings');
  await expect(page.getByRole('form', { name: 'Settings' }).getByRole('textbox').first()).toBeVisible();
  expect(await controlsWithoutEdges(page)).toEqual([]);
});

test('borders, placeholders and focus outlines reach AA contrast on the forms and the feed', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
  await expectColourContrast(page);
  await expectFieldContrasts(page);
  await expectFocusOutlines(page, 12);

  const member = await createUser({});
  await signIn(page, member.email);
  for (const path of ['/settings', '/feed']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('textbox').first()).toBeVisible();
    await expectColourContrast(page);
    await expectFieldContrasts(page);
  }
  await page.locator('body').focus();
  await expectFocusOutlines(page, 12);

  // The item the arrow keys are on in the header's menus: an outline of 3:1, not a grey tint.
  for (const menu of ['Notifications', 'Open user menu']) {
    // pressed at once, before the menu's module has come (web/app/load-on-intent.tsx): the key is
    // pressed again on Headless UI's button when it takes the stand-in's place, and opens the menu
    await page.getByRole('button', { name: menu }).press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const active = await focusOutlineContrast(page, '[role="menuitem"][data-focus]');
    expect(active, `${menu}: the active item draws an outline`).not.toBeNull();
    expect(active!.ratio).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('Escape');
  }
});

test("in forced colours the facilitator's content form keeps an edge on every control", async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  const plans = await seedPaidPlans();
  await signIn(page, plans.facilitator.email, plans.facilitator.password);
  await page.goto(`/program/content/new?tier=${plans.monthly.id}`);
  const form = page.getByRole('form', { name: 'Add content' });
  // the content-type tiles (radios drawn over their cards) and the tier checkboxes are there
  await expect(form.getByRole('checkbox', { name: new RegExp(plans.monthly.name) })).toBeChecked();
  await expect(form.getByRole('radio').first()).toBeAttached();
  expect(await controlsWithoutEdges(page)).toEqual([]);
});
