import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, uniqueName } from './support/fixtures';
import { ok, signedInAt, nextWednesday, tokenOf } from './support/signed-in';

// A member whose free tier includes two live sessions a month books a paid session with a credit,
// and sees the credits left in the session dialog and on My Subscriptions. Screenshots at 1280 and
// 390 px go to e2e/screenshots/.

for (const width of [1280, 390]) {
  test(`a subscriber books a paid session with a session credit (${width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const facilitator = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
    const sam = await createUser({ name: 'Sam Lee' });
    const name = `Live practice ${uniqueName('')}`;

    const desk = await signedInAt(browser, facilitator.email, width);
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

    const home = await signedInAt(browser, sam.email, width);
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
