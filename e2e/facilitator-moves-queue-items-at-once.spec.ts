import { expect, test } from '@playwright/test';
import { createUser, signIn } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

// A queue move must show at once: it once showed only after the server answered (1.3-1.5 s).

test('a queue move shows at once, before the server answers, and is kept once it does', async ({ page }) => {
  const facilitator = await createUser({ isFacilitator: true, name: 'Quinn Queue' });
  await signIn(page, facilitator.email);
  const headers = await tokenOf(page);
  const tier = await ok<{ _id: string }>(
    await page.request.post('/api/app/tier/new', {
      headers,
      data: { name: 'Slow Queue', type: 'subscription', price: 0 },
    }),
  );
  for (const title of ['First sit', 'Second sit']) {
    await ok(
      await page.request.post('/api/app/content/new', {
        headers,
        data: { title, contentType: 'meditation', tiers: [tier._id], inPostQueue: true },
      }),
    );
  }
  // the server takes 3 s to answer the new order
  await page.route('**/api/app/tier', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto(`/program?tier=${tier._id}`);
  const queue = page.getByRole('list', { name: 'Content Queue' });
  await expect(queue.getByRole('listitem').first()).toContainText('First sit');
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/app/tier') && res.request().method() === 'POST');
  await page.getByRole('button', { name: 'Move Second sit up' }).click();
  await expect(queue.getByRole('listitem').first()).toContainText('Second sit', { timeout: 1000 });
  await saved;
  await expect(queue.getByRole('listitem').first()).toContainText('Second sit');
});
