import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E } from './support/ports';
import { expectAccessible, signIn } from './support/fixtures';

// A facilitator moving in brings two paying Stripe subscribers over (test mode), at 1280 and 390 px.
const SHOTS = '/work/shots/issue38';

for (const width of [1280, 390]) {
  test(`a facilitator keeps their Stripe subscribers at ${width} px`, async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    const res = await fetch(`${E2E.fixtureURL}/stripe-subscribers`, { method: 'POST' });
    const seeded = (await res.json()) as { email: string; password: string; tierName: string };
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, seeded.email, seeded.password);
    await page.goto('/import-from-stripe');
    await expect(page.getByRole('heading', { name: 'Bring your Stripe subscribers' })).toBeVisible();
    const price = page.getByLabel(/Evening circle \(old site\)/);
    await price.selectOption({ label: seeded.tierName });
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/stripe-import-preview-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Bring 2 subscribers over' }).click();
    await expect(page.getByText('2 subscribers keep their plan in Tend.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/stripe-import-done-${width}.png`, fullPage: true });
  });
}
