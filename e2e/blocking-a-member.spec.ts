import { expect, type Page, test } from '@playwright/test';
import { createUser, expectAccessible, signIn, uniqueName } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

const shot = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `docs/screenshots/${name}-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('a member blocks a facilitator from the chat: the chat says so, their post is collapsed, and Settings unblocks', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const sage = await createUser({ isFacilitator: true, name: 'Sage Facilitator' });
  const milo = await createUser({ name: 'Milo Member' });
  const sageContext = await browser.newContext();
  const sagePage = await sageContext.newPage();
  await signIn(sagePage, sage.email);
  const miloContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await miloContext.newPage();
  await signIn(page, milo.email);

  // Milo subscribes to Sage's direct-messaging tier; Sage posts in the feed (the real API)
  const tier = await ok<{ _id: string }>(
    await request.post('/api/app/tier/new', {
      headers: await tokenOf(sagePage),
      data: {
        name: uniqueName('Open Door '),
        type: 'subscription',
        price: 0,
        published: true,
        allowDirectMessaging: true,
      },
    }),
  );
  await ok(await request.get(`/api/app/subscribe/${tier._id}`, { headers: await tokenOf(page) }));
  const postText = `Morning light ${uniqueName('')}`;
  await ok(await request.post('/api/app/post', { headers: await tokenOf(sagePage), data: { text: postText } }));

  // Milo opens the chat and blocks Sage from its header; blocking a facilitator says what stays
  await page.goto(`/messages?with=${sage.id}`);
  await expect(page.getByRole('textbox', { name: `Message ${sage.name}` })).toBeVisible();
  await page.getByRole('button', { name: `Block ${sage.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Block ${sage.name}?` });
  await expect(dialog).toContainText('Your subscription, your library and any refunds stay exactly as they are.');
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(`You blocked ${sage.name}. Unblock to message.`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Message ${sage.name}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Unblock ${sage.name}` })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'blocking-chat-blocked');

  // Sage's side of the room says only that they cannot reply
  await sagePage.goto(`/messages?with=${milo.id}`);
  await expect(sagePage.getByText("You can't reply to this conversation.")).toBeVisible();
  await expect(sagePage.getByText('blocked')).toHaveCount(0);

  // Sage's post is one collapsed row in Milo's feed until Milo chooses Show
  await page.goto('/feed');
  const collapsed = page.getByRole('article', { name: 'Post from someone you blocked' }).first();
  await expect(collapsed).toBeVisible();
  await expect(page.getByText(postText)).toHaveCount(0);
  await collapsed.getByRole('button', { name: 'Show the post' }).click();
  await expect(page.getByText(postText)).toBeVisible();

  // Settings lists Sage under Blocked people; Unblock empties the list
  await page.goto('/settings#blocked-people');
  const list = page.getByRole('list', { name: 'Blocked people' });
  await expect(list.getByText(sage.name)).toBeVisible();
  await list.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.locator('#blocked-people').scrollIntoViewIfNeeded();
    await page.locator('#blocked-people').screenshot({ path: `docs/screenshots/blocking-settings-list-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await list.getByRole('button', { name: `Unblock ${sage.name}` }).click();
  await expect(page.getByText("You haven't blocked anyone.", { exact: false })).toBeVisible();

  // the chat is open again
  await page.goto(`/messages?with=${sage.id}`);
  await expect(page.getByRole('textbox', { name: `Message ${sage.name}` })).toBeVisible();
  await miloContext.close();
  await sageContext.close();
});
