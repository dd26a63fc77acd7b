import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, uniqueName } from './support/fixtures';
import { bearerFor, signedInAs } from './support/paged-lists';
import { ok } from './support/signed-in';

/**
 * WCAG 2.5.3 (Label in Name): the header's bell shows a count on its badge, and that count is part
 * of its name, before its menu has loaded and after, on a wide screen and a phone; axe (4.14, with
 * label-content-name-mismatch) finds nothing on the page.
 */
test('the bell says the count its badge shows, before and after its menu loads, at 1280 and 390 px', async ({
  page,
  request,
}) => {
  const [author, reader] = await Promise.all(
    ['Ada', 'Rob'].map((first) => createUser({ name: `${first} ${uniqueName('')}` })),
  );
  const [asAuthor, asReader] = await Promise.all([author, reader].map((u) => bearerFor(request, u.email)));
  const post = await ok<{ _id: string }>(
    await request.post('/api/app/post', { headers: asAuthor, data: { text: `Morning sit ${uniqueName('')}` } }),
  );
  // three comments: the author is told of each
  for (const text of ['Lovely', 'Thank you', 'Same here']) {
    await ok(
      await request.post(`/api/app/create-comment/${post._id}`, { headers: asReader, data: { commentText: text } }),
    );
  }

  await signedInAs(page, asAuthor);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/feed');
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications, 3 unread', exact: true });
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notifications-badge')).toHaveText('3');
    // still the stand-in drawn before the menu's module has come (web/app/load-on-intent.tsx)
    await expect(bell).not.toHaveAttribute('data-headlessui-state');
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/bell-count-${width}.png`, clip: { x: 0, y: 0, width, height: 120 } });

    // the menu itself, once loaded, has the same name
    await bell.hover();
    await expect(bell).toHaveAttribute('data-headlessui-state');
    await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
    await expectAccessible(page);
  }
});
