import { expect, test } from '@playwright/test';
import { codeIn, createUser, expectAccessible, latestMail } from './support/fixtures';

test('a member with two-factor on is asked for the mailed code and gets in with it', async ({ page }) => {
  const user = await createUser({ twoFactorEnabled: true, name: 'Tova Twofactor' });

  await page.goto('/login?rd=%2Fnotifications');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /sign in/i }).click();

  await expect(page).toHaveURL(new RegExp(`/2fa\\?u=${user.id}`));
  await expect(page.getByRole('heading', { name: 'Confirm Login' })).toBeVisible();
  await expectAccessible(page);

  const code = codeIn(await latestMail(user.email, 'sign-in code'));
  await page.getByLabel(/code/i).fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/notifications$/);
});
