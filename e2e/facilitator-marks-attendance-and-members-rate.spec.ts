import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/ports';
import { createUser, expectAccessible, uniqueName } from './support/fixtures';
import { ok, signedInAt, tokenOf } from './support/signed-in';

// After a group session: a member who joined through the link is already marked attended in the
// facilitator's Members list, the facilitator marks a no-show, and the member who attended rates
// the session from their daily page. Screenshots at 1280 and 390 px go to e2e/screenshots/.

/** Tomorrow 10:00 to 11:00 in the browser's zone; the fixture moves it into the past after booking. */
const tomorrow = (page: Page) =>
  page.evaluate(() => {
    const day = new Date();
    day.setHours(10, 0, 0, 0);
    day.setDate(day.getDate() + 1);
    return { startTime: day.toISOString(), endTime: new Date(day.getTime() + 3_600_000).toISOString() };
  });

for (const width of [1280, 390]) {
  test(`the facilitator marks attendance and an attendee rates the session (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const facilitator = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
    const [sam, ann] = [await createUser({ name: 'Sam Lee' }), await createUser({ name: 'Ann Lake' })];
    const name = `Morning flow ${uniqueName('')}`;
    const desk = await signedInAt(browser, facilitator.email, width);
    const session = await ok<{ _id: string }>(
      await request.post('/api/app/facilitator/sessions', {
        headers: await tokenOf(desk),
        data: {
          name,
          price: 0,
          ...(await tomorrow(desk)),
          meetingUrl: 'https://meet.example.com/flow',
          capacity: 8,
        },
      }),
    );
    const home = await signedInAt(browser, sam.email, width);
    const annPage = await signedInAt(browser, ann.email, width);
    for (const page of [home, annPage])
      await ok(
        await request.post('/api/app/book-free-session', {
          headers: await tokenOf(page),
          data: { sessionId: session._id },
        }),
      );
    const ended = await fetch(`${E2E.fixtureURL}/ended-session`, {
      method: 'POST',
      body: JSON.stringify({ sessionId: session._id, joined: [sam.id] }),
    });
    expect(await ended.json()).toEqual({ prompted: 1 });

    // the facilitator's Members list is now the attendance checklist
    await desk.goto('/profile?tab=sessions');
    const own = desk.getByRole('tabpanel', { name: 'Sessions' });
    await own.getByRole('button', { name: `Booked members of ${name}` }).click();
    const members = desk.getByRole('dialog', { name: `Booked members of ${name}` });
    const samRow = members.getByRole('group', { name: 'Did Sam Lee attend?' });
    await expect(samRow.getByRole('radio', { name: 'Attended' })).toBeChecked();
    await expect(samRow).toContainText('Joined via the link');
    const annRow = members.getByRole('group', { name: 'Did Ann Lake attend?' });
    await annRow.getByText('No-show').click();
    await expect(annRow.getByRole('radio', { name: 'No-show' })).toBeChecked();
    await expectAccessible(desk);
    await desk.screenshot({ path: `e2e/screenshots/session-attendance-${width}.png` });

    // Sam, who joined, is asked how it was on his daily page
    await home.goto('/');
    const card = home.getByRole('article', { name: `How was ${name}?` });
    await expect(card).toBeVisible();
    await card.getByRole('radio', { name: '5 of 5' }).check({ force: true });
    await card.getByRole('textbox', { name: /Anything to add/ }).fill('Just the right pace.');
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(home);
    await home.screenshot({ path: `e2e/screenshots/session-rating-card-${width}.png` });
    await card.getByRole('button', { name: 'Send rating' }).click();
    await expect(home.getByText('Thank you for your rating')).toBeVisible();
    await expect(card).toBeHidden();
  });
}
