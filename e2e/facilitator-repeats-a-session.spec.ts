import { expect, test, type Page } from '@playwright/test';
import { createUser, expectAccessible, signIn, uniqueName } from './support/fixtures';

/** Monday of next week (weeks run Sunday to Saturday on the calendar) at 07:00 local, and its day label. */
async function nextWeekMonday(page: Page) {
  return page.evaluate(() => {
    const day = new Date();
    day.setHours(0, 0, 0, 0);
    day.setDate(day.getDate() - day.getDay() + 7 + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    const ymd = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    const mdy = `${pad(day.getMonth() + 1)}/${pad(day.getDate())}/${day.getFullYear()}`;
    return { start: `${ymd}T07:00`, dayLabel: `Monday, ${mdy}`, mdy };
  });
}

test('a facilitator makes a weekly series with a preview, sees it repeat on the calendar, and changes all of it', async ({
  page,
}) => {
  const facilitator = await createUser({ isFacilitator: true, name: 'Rhea Series' });
  const name = `Morning flow ${uniqueName('')}`;
  await signIn(page, facilitator.email);
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
  await form.getByLabel('Meeting link', { exact: true }).fill('https://meet.example.com/flow');

  // Repeat: weekly on Monday and Wednesday, eight times; the preview follows every change
  const repeat = form.getByRole('region', { name: 'Repeat' });
  await repeat.getByRole('combobox', { name: 'Repeat' }).selectOption('weekly');
  await expect(repeat.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
  await repeat.getByRole('button', { name: 'Wednesday' }).press('Enter');
  await repeat.getByRole('spinbutton', { name: 'Number of sessions' }).fill('8');
  await expect(repeat.getByText(new RegExp(`^8 sessions, Mon ${when.mdy} – Wed `))).toBeVisible();
  await repeat.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/series-editor-1280.png' });
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await repeat.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/series-editor-390.png' });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await form.getByRole('button', { name: 'Create session' }).click();
  await expect(dialog).toBeHidden();
  const slot = calendar.getByRole('listitem', { name: when.dayLabel }).getByRole('article', { name: new RegExp(name) });
  await expect(slot.getByText('Repeating session')).toBeAttached();

  // Changing one of them asks which sessions the change reaches
  await slot.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit session' });
  await expect(edit.getByText('Weekly on Mon, Wed · 07:00')).toBeVisible();
  await edit.getByLabel('Name', { exact: true }).fill(`${name} (new)`);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const scope = page.getByRole('dialog', { name: 'Change recurring session' });
  await expect(scope.getByRole('radio', { name: 'This session' })).toBeChecked();
  await scope.getByRole('radio', { name: 'All sessions' }).check();
  await page.screenshot({ path: 'test-results/series-scope-1280.png' });
  await expectAccessible(page);
  await scope.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Session saved')).toBeVisible();
  await expect(
    calendar
      .getByRole('listitem', { name: when.dayLabel })
      .getByRole('article', { name: new RegExp(`${name} \\(new\\)`) }),
  ).toBeVisible();
  await expect(calendar.getByRole('article', { name: new RegExp(`${name} \\(new\\)`) })).toHaveCount(2);
});
