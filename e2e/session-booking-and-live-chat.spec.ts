import { expect, test, type Page } from '@playwright/test';
import { createUser, expectAccessible, signIn, uniqueName, watchCsp } from './support/fixtures';
import { liveReady, ok, tokenOf } from './support/signed-in';

/** Wednesday of next week at 10:00 in the browser's time zone, as the screens show it. */
async function nextWeekWednesday(page: Page) {
  return page.evaluate(() => {
    const day = new Date();
    day.setHours(0, 0, 0, 0);
    // weeks run Sunday to Saturday: next week's Sunday, then three days on
    day.setDate(day.getDate() - day.getDay() + 7 + 3);
    const pad = (n: number) => String(n).padStart(2, '0');
    const ymd = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    const mdy = `${pad(day.getMonth() + 1)}/${pad(day.getDate())}/${day.getFullYear()}`;
    return { start: `${ymd}T10:00`, end: `${ymd}T11:00`, dayLabel: `Wednesday, ${mdy}` };
  });
}

/**
 * Counts what would bring a chat's messages other than the live connection: a page load, the room
 * opened again (POST app/room answers its messages) or a fetch of its messages.
 */
function watchMessageFetches(page: Page) {
  const seen: string[] = [];
  page.on('load', () => seen.push('page load'));
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if ((req.method() === 'POST' && pathname === '/api/app/room') || pathname.startsWith('/api/app/get-messages/'))
      seen.push(`${req.method()} ${pathname}`);
  });
  return { expectNone: () => expect(seen, 'messages fetched other than live').toEqual([]) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a facilitator adds a session next week, a member books it and finds its link, and the two chat live', async ({
  browser,
  request,
}) => {
  // two people across five screens and two browsers: more than the default minute on a busy machine
  test.setTimeout(120_000);
  const facilitator = await createUser({ isFacilitator: true, name: 'Sage Facilitator' });
  const member = await createUser({ name: 'Milo Member' });
  const sessionName = `Breath one to one ${uniqueName('')}`;
  const meetingUrl = `https://meet.example.com/${uniqueName('room-')}`;
  const hello = `Hello ${uniqueName('')}`;
  const reply = `Welcome, see you Wednesday ${uniqueName('')}`;

  const facilitatorContext = await browser.newContext();
  const desk = await facilitatorContext.newPage();
  const deskCsp = await watchCsp(desk);
  await signIn(desk, facilitator.email);

  const memberContext = await browser.newContext();
  const home = await memberContext.newPage();
  const homeCsp = await watchCsp(home);
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
  const subscribed = await ok<{ status: string }>(
    await request.get(`/api/app/subscribe/${tier._id}`, { headers: await tokenOf(home) }),
  );
  expect(subscribed.status).toBe('subscribed');

  // The facilitator's own calendar: next week, Add session.
  await desk.goto('/profile?tab=sessions');
  await expect(desk.getByRole('heading', { name: facilitator.name, level: 1 })).toBeVisible();
  // the Sessions tab of the facilitator's own /profile is their calendar
  const deskCalendar = desk.getByRole('main');
  await expect(deskCalendar.getByRole('button', { name: 'Next week' })).toBeVisible();
  await deskCalendar.getByRole('button', { name: 'Next week' }).click();
  await expect(deskCalendar.getByRole('button', { name: 'This week' })).toBeVisible();
  await deskCalendar.getByRole('button', { name: 'Add session' }).click();

  const when = await nextWeekWednesday(desk);
  const addDialog = desk.getByRole('dialog', { name: 'Add session' });
  const form = addDialog.getByRole('form', { name: 'New session' });
  await form.getByLabel('Name', { exact: true }).fill(sessionName);
  await form.getByLabel('Description', { exact: true }).fill('Twenty minutes of slow breathing, camera optional.');
  await form.getByLabel('Price (USD)', { exact: true }).fill('0');
  await form.getByLabel('Start time', { exact: true }).fill(when.start);
  // The end follows the start by an hour.
  await expect(form.getByLabel('End time', { exact: true })).toHaveValue(when.end);
  await form.getByLabel('Meeting link', { exact: true }).fill(meetingUrl);
  await form.getByRole('button', { name: 'Create session' }).click();
  await expect(addDialog).toBeHidden();
  await expect(desk.getByText('Session added')).toBeVisible();

  // It sits in Wednesday's column of next week.
  const deskDay = deskCalendar.getByRole('listitem', { name: when.dayLabel });
  const deskSlot = deskDay.getByRole('article', { name: sessionName });
  await expect(deskSlot.getByText('10:00–11:00')).toBeVisible();
  await expect(deskSlot.getByText('Free', { exact: true })).toBeVisible();
  await expect(deskSlot.getByText(/^Booked/)).toHaveCount(0);
  await expectAccessible(desk);

  // The member finds it on the facilitator's profile, Sessions tab, next week.
  await home.goto(`/profile/${facilitator.id}`);
  await home.getByRole('tab', { name: 'Sessions' }).click();
  const memberCalendar = home.getByRole('tabpanel', { name: 'Sessions' });
  await memberCalendar.getByRole('button', { name: 'Next week' }).click();
  const slot = memberCalendar.getByRole('listitem', { name: when.dayLabel }).getByRole('button', { name: sessionName });
  await expect(slot).toContainText('10:00–11:00');
  await expect(memberCalendar.getByRole('button', { name: 'Add session' })).toHaveCount(0);
  await slot.click();

  const details = home.getByRole('dialog', { name: sessionName });
  await expect(details.getByText(`with ${facilitator.name}`)).toBeVisible();
  await expect(details.getByText(when.dayLabel)).toBeVisible();
  await expect(details.getByText('10:00–11:00')).toBeVisible();
  await expect(details.getByText('Free', { exact: true })).toBeVisible();
  await expect(details.getByText('Twenty minutes of slow breathing, camera optional.')).toBeVisible();
  // The link stays hidden until booked.
  await expect(details.getByRole('link', { name: 'Open session link' })).toHaveCount(0);
  await expectAccessible(home);
  await details.getByRole('button', { name: 'Book', exact: true }).click();
  const booked = details.getByRole('status');
  await expect(booked.getByText('Booked by you')).toBeVisible();
  await expect(booked.getByRole('link', { name: 'Open session link' })).toHaveAttribute('href', meetingUrl);
  await expect(booked.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  await expect(home.getByText(`You're booked into ${sessionName}`)).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  // Their own profile lists it under upcoming sessions, with the link and Add to calendar.
  await home.goto('/profile?tab=sessions');
  const upcoming = home.getByRole('list', { name: 'Upcoming sessions' }).getByRole('article', { name: sessionName });
  await expect(upcoming.getByText(when.dayLabel)).toBeVisible();
  await expect(upcoming.getByText('10:00–11:00')).toBeVisible();
  await expect(upcoming.getByRole('link', { name: facilitator.name })).toHaveAttribute(
    'href',
    `/profile/${facilitator.id}`,
  );
  const link = upcoming.getByRole('link', { name: 'Open session link' });
  await expect(link).toHaveAttribute('href', meetingUrl);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(upcoming.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  await expectAccessible(home);

  // The facilitator's calendar, reloaded, says who booked it; the notice says so too.
  await desk.reload();
  await deskCalendar.getByRole('button', { name: 'Next week' }).click();
  await expect(deskSlot.getByText(`Booked by ${member.name}`)).toBeVisible();
  await desk.goto('/notifications');
  await expect(
    desk.getByRole('link', {
      name: new RegExp(`^(Unviewed: )?${escapeRegExp(`${member.name} booked ${sessionName}`)}`),
    }),
  ).toBeVisible();

  // Both open Messages, each with the other selected, live connections up.
  const deskLive = liveReady(desk);
  await desk.goto('/messages');
  const deskChats = desk.getByRole('navigation', { name: 'Chats' });
  await deskChats.getByRole('link', { name: member.name }).click();
  await expect(desk).toHaveURL(new RegExp(`/messages\\?with=${member.id}$`));
  const deskLog = desk.getByRole('log', { name: `Messages with ${member.name}` });
  await expect(deskLog.getByText('No messages yet.')).toBeVisible();
  await deskLive;

  const homeLive = liveReady(home);
  await home.goto('/messages');
  await home.getByRole('navigation', { name: 'Chats' }).getByRole('link', { name: facilitator.name }).click();
  await expect(home).toHaveURL(new RegExp(`/messages\\?with=${facilitator.id}$`));
  const homeLog = home.getByRole('log', { name: `Messages with ${facilitator.name}` });
  await expect(homeLog.getByText('No messages yet.')).toBeVisible();
  await homeLive;
  await expectAccessible(home);

  const deskFetches = watchMessageFetches(desk);
  const homeFetches = watchMessageFetches(home);

  // The member writes and presses Enter; it shows on the facilitator's open page without a reload.
  const homeBox = home.getByRole('textbox', { name: `Message ${facilitator.name}` });
  await homeBox.fill(hello);
  await homeBox.press('Enter');
  await expect(homeBox).toHaveValue('');
  await expect(homeLog.getByRole('listitem').filter({ hasText: `You: ${hello}` })).toBeVisible();
  await expect(deskLog.getByRole('listitem').filter({ hasText: `${member.name}: ${hello}` })).toBeVisible();
  await expect(deskChats.getByRole('link', { name: member.name })).toContainText(hello);

  // The facilitator answers with Send; the member's open page shows it without a reload.
  const deskBox = desk.getByRole('textbox', { name: `Message ${member.name}` });
  await deskBox.fill(reply);
  await desk.getByRole('form', { name: 'Send a message' }).getByRole('button', { name: 'Send' }).click();
  await expect(deskBox).toHaveValue('');
  await expect(deskLog.getByRole('listitem').filter({ hasText: `You: ${reply}` })).toBeVisible();
  await expect(homeLog.getByRole('listitem').filter({ hasText: `${facilitator.name}: ${reply}` })).toBeVisible();
  await expect(homeLog.getByRole('listitem')).toHaveCount(2);
  await expect(deskLog.getByRole('listitem')).toHaveCount(2);
  // Neither 'Sending…' is left behind.
  await expect(homeLog.getByText('Sending…')).toHaveCount(0);
  await expect(deskLog.getByText('Sending…')).toHaveCount(0);
  // Both arrived over the live connection alone.
  deskFetches.expectNone();
  homeFetches.expectNone();
  await expectAccessible(desk);

  deskCsp.expectNone();
  homeCsp.expectNone();
  await facilitatorContext.close();
  await memberContext.close();
});
