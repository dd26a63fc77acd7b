import { expect, test, type Browser, type Page } from '@playwright/test';
import { createUser, expectAccessible, signIn, uniqueName } from './support/fixtures';
import { ok, tokenOf } from './support/signed-in';

// A member whose free tier includes two live sessions a month books a paid session with a credit,
// and sees the credits left in the session dialog and on My Subscriptions. Screenshots at 1280 and
// 390 px go to e2e/screenshots/.

async function signedIn(browser: Browser, email: string, width: number) {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await signIn(page, email);
  return page;
}

/** Next week's Wednesday, 10:00 to 11:00 in the browser's zone, as ISO instants. */
const nextWednesday = (page: Page) =>
  page.evaluate(() => {
    const day = new Date();
    day.setHours(10, 0, 0, 0);
    day.setDate(day.getDate() - day.getDay() + 10);
    return { startTime: day.toISOString(), endTime: new Date(day.getTime() + 3_600_000).toISOString() };
  });

for (const width of [1280, 390]) {
  test(`a subscriber books a paid session with a session credit (${width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const facilitator = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
    const sam = await createUser({ name: 'Sam Lee' });
    const name = `Live practice ${uniqueName('')}`;

    const desk = await signedIn(browser, facilitator.email, width);
    const tier = await ok<{ _id: string }>(
      await request.post('/api/app/tier/new', {
        headers: await tokenOf(desk),
        data: { name: 'Live circle', type: 'subscription', price: 0, published: true, sessionCredits: 2 },
      }),
    );
    await ok(
      await request.post('/api/app/facilitator/sessions', {
        headers: await tokenOf(desk),
        data: {
          name,
          description: 'Breathing together, cameras optional.',
          price: 40,
          ...(await nextWednesday(desk)),
          meetingUrl: 'https://meet.example.com/live',
          capacity: 8,
          cancellationHours: 24,
        },
      }),
    );

    const home = await signedIn(browser, sam.email, width);
    await ok(await request.get(`/api/app/subscribe/${tier._id}`, { headers: await tokenOf(home) }));

    await home.goto(`/profile/${facilitator.id}?tab=sessions`);
    const calendar = home.getByRole('tabpanel', { name: 'Sessions' });
    await calendar.getByRole('button', { name: 'Next week' }).click();
    await calendar.getByRole('button', { name: new RegExp(name) }).click();
    const details = home.getByRole('dialog', { name });
    const withCredit = details.getByRole('button', { name: 'Book with a credit · 2 of 2 left this month' });
    await expect(withCredit).toBeVisible();
    await expect(details.getByRole('button', { name: 'Book for $40' })).toBeVisible();
    await expectAccessible(home);
    await home.screenshot({ path: `e2e/screenshots/session-credit-dialog-${width}.png` });
    await withCredit.click();
    await expect(details.getByText('Booked by you')).toBeVisible();

    await home.goto('/subscriptions');
    await expect(home.getByText(/1 of 2 session credits left this month/)).toBeVisible();
    await expectAccessible(home);
    await home.screenshot({ path: `e2e/screenshots/session-credits-subscriptions-${width}.png` });
  });
}
