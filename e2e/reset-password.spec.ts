import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, latestMail, linkIn } from './support/fixtures';

test('a member who forgot the password resets it from the mailed link and signs in with the new one', async ({
  page,
}) => {
  const user = await createUser({ name: 'Remy Reset' });
  const newPassword = 'fresh-willow-bench-64';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/request-reset$/);
  await expectAccessible(page);

  const send = page.getByRole('button', { name: 'Send reset link' });
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await expect(send).toBeDisabled();
  await page.getByLabel('Confirm Email', { exact: true }).fill(user.email);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText('Instructions for Password Reset Sent!')).toBeVisible();

  const link = new URL(linkIn(await latestMail(user.email, 'Reset')));
  await page.goto(link.pathname + link.search);
  await expectAccessible(page);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /reset|save|submit/i }).click();
  await expect(page.getByRole('link', { name: /log ?in|sign in/i })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Welcome back, Remy Reset')).toBeVisible();
});
