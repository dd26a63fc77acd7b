import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/fixtures';
import { mayaAndSam, nextWednesday, ok, openNextWeeksSession, signedInAt, tokenOf } from './support/signed-in';

// A daily series whose facilitator lets members book it whole: a member books all three sessions
// from one session's dialog, then sees it booked as part of the series. Screenshots at 1280 and
// 390 px go to e2e/screenshots/.

for (const width of [1280, 390]) {
  test(`a member books every remaining session of a series at once (${width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const { facilitator, sam, name, desk } = await mayaAndSam(browser, width);
    await ok(
      await request.post('/api/app/facilitator/session-series', {
        headers: await tokenOf(desk),
        data: {
          name,
          description: 'Three mornings in a row.',
          price: 0,
          ...(await nextWednesday(desk)),
          meetingUrl: 'https://meet.example.com/flow',
          capacity: 5,
          repeat: { frequency: 'daily', interval: 1, ends: { type: 'after', count: 3 } },
          wholeSeriesBooking: true,
        },
      }),
    );

    const home = await signedInAt(browser, sam.email, width);
    const details = await openNextWeeksSession(home, facilitator.id, name);
    const bookAll = details.getByRole('button', { name: 'Book all 3 remaining sessions' });
    await expect(bookAll).toBeVisible();
    await expect(details.getByRole('button', { name: 'Book', exact: true })).toBeVisible();
    await home.screenshot({ path: `e2e/screenshots/series-booking-offer-${width}.png` });
    await expectAccessible(home);

    await bookAll.click();
    await expect(details.getByText('Booked as part of the series')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Cancel the whole series' })).toBeVisible();
    await home.screenshot({ path: `e2e/screenshots/series-booking-booked-${width}.png` });
    await expectAccessible(home);
    // every session of the series is booked
    const mine = await ok<{ myBooking: { places: number } }>(
      await request.get(`/api/app/session-series/${await seriesIdOf(home, name)}/booking`, {
        headers: await tokenOf(home),
      }),
    );
    expect(mine.myBooking.places).toBe(3);
  });
}

/** The series id of the first session named `name` on the member's upcoming list. */
async function seriesIdOf(page: import('@playwright/test').Page, name: string) {
  const sessions = await ok<{ name: string; seriesId?: string }[]>(
    await page.request.get('/api/app/user-sessions', { headers: await tokenOf(page) }),
  );
  return sessions.find((s) => s.name === name)!.seriesId!;
}
