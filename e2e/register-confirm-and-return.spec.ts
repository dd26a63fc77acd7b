import { expect, test } from '@playwright/test';
import { codeIn, expectAccessible, latestMail, PASSWORD, uniqueName } from './support/fixtures';

test('a new member registers, confirms the mailed code, logs out and logs back in to where they were going', async ({
  page,
}) => {
  const handle = uniqueName('newbie');
  const email = `${handle}@example.test`;

  await page.goto('/register?r=friend&c=web');
  await expect(page.getByRole('heading', { name: /create your account|register/i })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Name', { exact: true }).fill('Nova Member');
  await page.getByLabel('Username', { exact: true }).fill(handle);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('radio', { name: 'User' }).click();
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await page.getByRole('button', { name: /register|create account|submit/i }).click();

  await expect(page).toHaveURL(/\/confirm-email\?u=/);
  await expectAccessible(page);
  const code = codeIn(await latestMail(email, 'confirmation code'));
  await page.getByLabel(/code/i).fill(`${code.slice(0, 2)}-${code.slice(2)}`);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome back, Nova Member')).toBeVisible();

  // log out, then come back through a deep link: the sign-in honours rd
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/login\?rd=%2Fnotifications/);
  await expectAccessible(page);

  // by keyboard only
  await page.getByLabel('Email', { exact: true }).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
});

test('the login page says so when the details are wrong', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('nobody@example.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Login failed. Please check your details and try again.')).toBeVisible();
});
