import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/fixtures';
import { mayaAndSam, nextWednesday, ok, openNextWeeksSession, signedInAt, tokenOf } from './support/signed-in';

// A facilitator with a weekly series limits a tier's session credits to it in the tier form, and a
// member sees in the series session's dialog how it repeats. Screenshots at 1280 and 390 px go to
// e2e/screenshots/.

for (const width of [1280, 390]) {
  test(`a tier's credits are limited to a chosen series; its session says how it repeats (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { facilitator, sam, name, desk } = await mayaAndSam(browser, width);
    const series = await ok<{ _id: string }>(
      await request.post('/api/app/facilitator/session-series', {
        headers: await tokenOf(desk),
        data: {
          name,
          description: 'Weekly class',
          price: 20,
          ...(await nextWednesday(desk)),
          meetingUrl: 'https://meet.example.com/flow',
          capacity: 8,
          repeat: { frequency: 'weekly', weekdays: ['WE', 'FR'], ends: { type: 'after', count: 6 } },
        },
      }),
    );
    const tier = await ok<{ _id: string }>(
      await request.post('/api/app/tier/new', {
        headers: await tokenOf(desk),
        data: { name: 'Live circle', type: 'subscription', price: 0, published: true, sessionCredits: 2 },
      }),
    );

    await desk.goto(`/program/tier/${tier._id}`);
    const picker = desk.getByRole('group', { name: 'Sessions the credits book' });
    const box = picker.getByRole('checkbox', { name });
    await expect(box).toBeVisible();
    await expect(picker.getByText('Credits book any paid session of yours.')).toBeVisible();
    await box.check();
    await expect(picker.getByText('Credits book the sessions of 1 series.')).toBeVisible();
    await picker.scrollIntoViewIfNeeded();
    await expectAccessible(desk);
    await desk.screenshot({ path: `e2e/screenshots/tier-credit-series-${width}.png`, fullPage: true });
    await desk.getByRole('button', { name: 'Save Tier' }).click();
    await expect(desk).toHaveURL(/\/program\?tier=/);
    const saved = await ok<{ creditSeriesIds: string[] }>(
      await request.get(`/api/app/tier/${tier._id}`, { headers: await tokenOf(desk) }),
    );
    expect(saved.creditSeriesIds).toEqual([series._id]);

    const home = await signedInAt(browser, sam.email, width);
    const details = await openNextWeeksSession(home, facilitator.id, name);
    await expect(details.getByText(/Weekly on Wed, Fri, until \d\d\/\d\d\/\d{4}/)).toBeVisible();
    await expectAccessible(home);
    await home.screenshot({ path: `e2e/screenshots/session-recurrence-${width}.png` });
  });
}
