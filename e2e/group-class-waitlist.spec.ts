import { expect, test, type Browser, type Page } from '@playwright/test';
import { newSessionNextMonday } from './support/session-form';
import { createUser, expectAccessible, signIn, uniqueName } from './support/fixtures';

// A weekly class of three places made in the session form; three members book in the calendar, a
// fourth joins the waitlist, one cancels in her booking's dialog, and the fourth is booked in their place and sees it. Screenshots at
// 1280 and 390 px go to /work/shots/waitlist/ when that folder exists, else test-results/.
const SHOTS = process.env.WAITLIST_SHOTS ?? 'test-results';

async function signedIn(browser: Browser, email: string) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, email);
  return page;
}

/** The facilitator's calendar on their profile, turned to next week. */
async function nextWeekOf(page: Page, facilitatorId: string) {
  await page.goto(`/profile/${facilitatorId}?tab=sessions`);
  const calendar = page.getByRole('tabpanel', { name: 'Sessions' });
  await calendar.getByRole('button', { name: 'Next week' }).click();
  return calendar;
}

/** A member books the class's first occurrence next week in its dialog, and sees it booked. */
async function bookInCalendar(page: Page, facilitatorId: string, name: string) {
  const calendar = await nextWeekOf(page, facilitatorId);
  await calendar
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  const details = page.getByRole('dialog', { name });
  await details.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(details.getByText('Booked by you')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
}

/** Both widths of the same screen, each checked by axe. */
async function shoot(page: Page, name: string) {
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a weekly class of three fills, a fourth member waits, and is booked when someone cancels', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const facilitator = await createUser({ isFacilitator: true, name: 'Rhea Class' });
  const name = `Group class ${uniqueName('')}`;
  const desk = await signedIn(browser, facilitator.email);
  // the session form: three places, repeating weekly
  const { calendar: own, dialog, form } = await newSessionNextMonday(desk, name, 'https://meet.example.com/class');
  await form.getByLabel('Capacity', { exact: true }).fill('3');
  const repeat = form.getByRole('region', { name: 'Repeat' });
  await repeat.getByRole('combobox', { name: 'Repeat' }).selectOption('weekly');
  await repeat.getByRole('spinbutton', { name: 'Number of sessions' }).fill('4');
  await repeat.scrollIntoViewIfNeeded();
  await shoot(desk, 'series-editor');
  await form.getByRole('button', { name: 'Create session' }).click();
  await expect(dialog).toBeHidden();

  // three members book in the calendar; the fourth sees the places left on the way
  const people = await Promise.all(['Ana One', 'Ben Two', 'Cy Three', 'Dee Four'].map((n) => createUser({ name: n })));
  const pages = await Promise.all(people.map((p) => signedIn(browser, p.email)));
  const dee = pages[3]!;
  await bookInCalendar(pages[0]!, facilitator.id, name);
  const calendar = await nextWeekOf(dee, facilitator.id);
  await expect(calendar.getByRole('button', { name: new RegExp(name) }).first()).toContainText('2 of 3 places left');
  await shoot(dee, 'calendar-places-left');
  for (const page of pages.slice(1, 3)) await bookInCalendar(page, facilitator.id, name);

  // the fourth finds it full and joins the waitlist
  await nextWeekOf(dee, facilitator.id);
  const slot = calendar.getByRole('button', { name: new RegExp(name) }).first();
  await expect(slot).toContainText('Join waitlist');
  await slot.click();
  const details = dee.getByRole('dialog', { name });
  await details.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(details.getByText('You are 1st on the waitlist')).toBeVisible();
  await shoot(dee, 'waitlist-member');
  await dee.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // the facilitator sees the line in the Members list
  await desk.reload();
  await own.getByRole('button', { name: 'Next week' }).click();
  await own
    .getByRole('button', { name: `Booked members of ${name}` })
    .first()
    .click();
  const members = desk.getByRole('dialog', { name: `Booked members of ${name}` });
  await expect(members.getByRole('list', { name: 'Waitlist' })).toContainText('Dee Four');
  await shoot(desk, 'waitlist-facilitator');

  // Ana cancels in her dialog; Dee is booked in her place and sees it
  const ana = pages[0]!;
  const anaSlot = (await nextWeekOf(ana, facilitator.id)).getByRole('article', { name: new RegExp(name) }).first();
  await anaSlot.getByRole('button', { name: 'Details' }).click();
  const anaDetails = ana.getByRole('dialog', { name });
  await anaDetails.getByRole('button', { name: 'Cancel booking' }).click();
  await anaDetails.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(ana.getByText('Your booking is cancelled')).toBeVisible();
  await nextWeekOf(dee, facilitator.id);
  await expect(calendar.getByRole('article', { name: new RegExp(name) }).first()).toContainText('Booked by you');
  await shoot(dee, 'waitlist-promoted');
});
