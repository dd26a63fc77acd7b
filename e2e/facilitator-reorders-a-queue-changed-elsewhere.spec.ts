import { expect, test } from '@playwright/test';
import { createUser, signIn } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

// A reorder from a page loaded before content was added elsewhere once replaced the whole
// queue, so the new item silently fell out of it (a draft never released).

test('a reorder from a stale page is refused with a message, and the queue reloads with the new item', async ({
  page,
}) => {
  const facilitator = await createUser({ isFacilitator: true, name: 'Stale Tab' });
  await signIn(page, facilitator.email);
  const headers = await tokenOf(page);
  const tier = await ok<{ _id: string }>(
    await page.request.post('/api/app/tier/new', {
      headers,
      data: { name: 'Two Tabs', type: 'subscription', price: 0 },
    }),
  );
  const addContent = async (title: string) =>
    ok(
      await page.request.post('/api/app/content/new', {
        headers,
        data: { title, contentType: 'meditation', tiers: [tier._id], inPostQueue: true },
      }),
    );
  await addContent('First sit');
  await addContent('Second sit');

  await page.goto(`/program?tier=${tier._id}`);
  const rows = page.getByRole('list', { name: 'Content Queue' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);

  // another tab adds a third item to the queue
  await addContent('Third sit');

  await page.getByRole('button', { name: 'Move Second sit up' }).click();
  await expect(
    page.getByText('This queue changed in another tab. It has been reloaded; please reorder again.'),
  ).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('First sit');
  await expect(rows.nth(1)).toContainText('Second sit');
  await expect(rows.nth(2)).toContainText('Third sit');

  // reordering again, now from the reloaded queue, keeps all three
  await page.getByRole('button', { name: 'Move Third sit up' }).click();
  await expect(rows.nth(1)).toContainText('Third sit');
  await page.reload();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Third sit');
});
