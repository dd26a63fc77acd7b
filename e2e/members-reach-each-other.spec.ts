import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signIn, uniqueName } from './support/fixtures';
import { liveReady, ok, tokenOf } from './support/signed-in';

test('a message shows as an unread badge on the messages icon, clears when read, and its sender is one click from their profile', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const facilitator = await createUser({ isFacilitator: true, name: 'Sage Facilitator' });
  const member = await createUser({ name: 'Milo Member' });
  const hello = `Hello ${uniqueName('')}`;

  // The facilitator reads on a phone: the messages icon stays in the header at 390 px.
  const deskContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const desk = await deskContext.newPage();
  await signIn(desk, facilitator.email);
  const homeContext = await browser.newContext();
  const home = await homeContext.newPage();
  await signIn(home, member.email);

  // Direct messages need a subscription to a direct-messaging tier: set up through the real API.
  const tier = await ok<{ _id: string }>(
    await request.post('/api/app/tier/new', {
      headers: await tokenOf(desk),
      data: {
        name: uniqueName('Open Door '),
        type: 'subscription',
        price: 0,
        published: true,
        allowDirectMessaging: true,
      },
    }),
  );
  await ok(await request.get(`/api/app/subscribe/${tier._id}`, { headers: await tokenOf(home) }));

  // The facilitator is on their dashboard, nothing unread, the live connection up.
  const deskLive = liveReady(desk);
  await desk.goto('/dashboard');
  const header = desk.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await deskLive;

  // The member writes to the facilitator.
  await home.goto(`/messages?with=${facilitator.id}`);
  const box = home.getByRole('textbox', { name: `Message ${facilitator.name}` });
  await box.fill(hello);
  await box.press('Enter');
  await expect(
    home
      .getByRole('log', { name: `Messages with ${facilitator.name}` })
      .getByRole('listitem')
      .filter({ hasText: `You: ${hello}` }),
  ).toBeVisible();

  // The badge arrives live, its count part of the link's name.
  const unreadLink = header.getByRole('link', { name: 'Messages, 1 unread' });
  await expect(unreadLink).toBeVisible();
  await expect(unreadLink.getByTestId('messages-badge')).toHaveText('1');
  await header.screenshot({ path: 'e2e/screenshots/header-messages-badge-390.png' });
  await expectAccessible(desk);

  // Opening Messages lists the member with one new message; opening the chat clears the badge.
  await unreadLink.click();
  const chats = desk.getByRole('navigation', { name: 'Chats' });
  const miloRow = chats.getByRole('link', { name: new RegExp(member.name) });
  await expect(miloRow).toContainText(hello);
  await expect(miloRow.getByText('New message')).toBeAttached();
  await miloRow.click();
  await expect(desk.getByRole('log', { name: `Messages with ${member.name}` }).getByText(hello)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expect(header.getByTestId('messages-badge')).toHaveCount(0);
  await desk.screenshot({ path: 'e2e/screenshots/chat-read-390.png' });
  await expectAccessible(desk);

  // It stays read after a reload (the server holds the read mark).
  await desk.reload();
  await expect(desk.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  // The sender's name in the chat leads to their profile.
  await desk.getByRole('heading', { level: 2, name: member.name }).getByRole('link', { name: member.name }).click();
  await expect(desk).toHaveURL(new RegExp(`/profile/${member.id}$`));
  await expect(desk.getByRole('heading', { level: 1, name: member.name })).toBeVisible();

  await deskContext.close();
  await homeContext.close();
});
