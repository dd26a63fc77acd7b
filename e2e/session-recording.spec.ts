import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/ports';
import { expectAccessible } from './support/fixtures';
import { mayaAndSam, ok, signedInAt, tokenOf } from './support/signed-in';

// After a group session the facilitator attaches its recording from the session's Members dialog;
// the member who booked it finds "Watch the recording" on the session and the item in their
// library. Screenshots at 1280 and 390 px go to /work/shots/recording/ (SHOTS overrides).

const SHOTS = process.env.SHOTS ?? '/work/shots/recording';

/** Tomorrow 10:00 to 11:00 in the browser's zone; the fixture moves it into the past after booking. */
const tomorrow = (page: Page) =>
  page.evaluate(() => {
    const day = new Date();
    day.setHours(10, 0, 0, 0);
    day.setDate(day.getDate() + 1);
    return { startTime: day.toISOString(), endTime: new Date(day.getTime() + 3_600_000).toISOString() };
  });

for (const width of [1280, 390]) {
  test(`the facilitator attaches a recording and the booked member watches it (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { facilitator, sam, name, desk } = await mayaAndSam(browser, width);
    const headers = await tokenOf(desk);
    const tier = await ok<{ _id: string }>(
      await request.post('/api/app/tier', {
        headers,
        data: { name: 'Inner circle', type: 'subscription', price: 0, published: true },
      }),
    );
    const title = `${name}, recorded`;
    await ok(
      await request.post('/api/app/content', {
        headers,
        data: { title, contentType: 'meditation', tiers: [tier._id], description: 'The whole class.' },
      }),
    );
    const session = await ok<{ _id: string }>(
      await request.post('/api/app/facilitator/sessions', {
        headers,
        data: { name, price: 0, ...(await tomorrow(desk)), meetingUrl: 'https://meet.example.com/flow', capacity: 8 },
      }),
    );
    const home = await signedInAt(browser, sam.email, width);
    await ok(
      await request.post('/api/app/book-free-session', {
        headers: await tokenOf(home),
        data: { sessionId: session._id },
      }),
    );
    await fetch(`${E2E.fixtureURL}/ended-session`, {
      method: 'POST',
      body: JSON.stringify({ sessionId: session._id, joined: [sam.id] }),
    });

    // the facilitator's Members dialog of the ended session has the Recording section
    await desk.goto('/profile?tab=sessions');
    const own = desk.getByRole('tabpanel', { name: 'Sessions' });
    await own.getByRole('button', { name: `Booked members of ${name}` }).click();
    const members = desk.getByRole('dialog', { name: `Booked members of ${name}` });
    const panel = members.getByRole('region', { name: 'Recording' });
    await panel.getByLabel('Content item', { exact: true }).selectOption({ label: title });
    await panel.getByLabel('Also subscribers of').selectOption({ label: 'Inner circle' });
    await panel.scrollIntoViewIfNeeded();
    await expectAccessible(desk);
    await desk.screenshot({ path: `${SHOTS}/attach-panel-${width}.png` });
    await panel.getByRole('button', { name: 'Attach recording' }).click();
    await expect(panel.getByText(`Attached: ${title}`)).toBeVisible();
    await expect(panel).toContainText('Members who booked this session, subscribers of Inner circle');
    await panel.scrollIntoViewIfNeeded();
    await desk.screenshot({ path: `${SHOTS}/attached-${width}.png` });

    // Sam: told it is ready, and the session shows Watch the recording
    await home.goto(`/profile/${facilitator.id}?tab=sessions`);
    const calendar = home.getByRole('tabpanel', { name: 'Sessions' });
    await calendar.getByRole('button', { name: /Details/ }).click();
    const details = home.getByRole('dialog', { name });
    const watch = details.getByRole('link', { name: `Watch the recording: ${title}` });
    await expect(watch).toBeVisible();
    await expectAccessible(home);
    await home.screenshot({ path: `${SHOTS}/member-watch-${width}.png` });
    await watch.click();
    await expect(home).toHaveURL(/\/past-practices$/);
    await expect(home.getByText(title).first()).toBeVisible();
    await home.screenshot({ path: `${SHOTS}/member-library-${width}.png` });

    // and their own sessions list keeps it under Recordings of past sessions
    await home.goto('/profile?tab=sessions');
    const past = home.getByRole('region', { name: 'Recordings of past sessions' });
    await expect(past.getByRole('article', { name })).toBeVisible();
    await expect(past.getByRole('link', { name: `Watch the recording: ${title}` })).toBeVisible();
    await past.scrollIntoViewIfNeeded();
    await expectAccessible(home);
    await home.screenshot({ path: `${SHOTS}/member-past-sessions-${width}.png` });
  });
}
