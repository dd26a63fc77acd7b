import type { Page } from '@playwright/test';

/** Monday of next week (weeks run Sunday to Saturday on the calendar) at 07:00 local, and its labels. */
export function nextWeekMonday(page: Page) {
  return page.evaluate(() => {
    const day = new Date();
    day.setHours(0, 0, 0, 0);
    day.setDate(day.getDate() - day.getDay() + 7 + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    const ymd = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    const mdy = `${pad(day.getMonth() + 1)}/${pad(day.getDate())}/${day.getFullYear()}`;
    const start = `${ymd}T07:00`;
    return { start, startISO: new Date(start).toISOString(), dayLabel: `Monday, ${mdy}`, mdy };
  });
}

/**
 * The facilitator's own calendar at next week, its Add session form open, with a free session
 * named `name` at 07:00 on Monday and its meeting link filled in; the rest is the journey's.
 */
export async function newSessionNextMonday(page: Page, name: string, meetingUrl: string) {
  await page.goto('/profile?tab=sessions');
  const calendar = page.getByRole('main');
  await calendar.getByRole('button', { name: 'Next week' }).click();
  await calendar.getByRole('button', { name: 'Add session' }).click();
  const when = await nextWeekMonday(page);
  const dialog = page.getByRole('dialog', { name: 'Add session' });
  const form = dialog.getByRole('form', { name: 'New session' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price (USD)', { exact: true }).fill('0');
  await form.getByLabel('Start time', { exact: true }).fill(when.start);
  await form.getByLabel('Meeting link', { exact: true }).fill(meetingUrl);
  return { calendar, dialog, form, when };
}
