import { expect, test } from '@playwright/test';
import { newSessionNextMonday } from './support/session-form';
import { createUser, expectAccessible, signIn, uniqueName } from './support/fixtures';

test('a facilitator makes a weekly series with a preview, sees it repeat on the calendar, and changes all of it', async ({
  page,
}) => {
  const facilitator = await createUser({ isFacilitator: true, name: 'Rhea Series' });
  const name = `Morning flow ${uniqueName('')}`;
  await signIn(page, facilitator.email);
  const { calendar, dialog, form, when } = await newSessionNextMonday(page, name, 'https://meet.example.com/flow');

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
