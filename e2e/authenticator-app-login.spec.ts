import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createUser, expectAccessible, signIn } from './support/fixtures';

const appCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).not.toHaveURL(/\/logout/);
}

async function passwordStep(page: Page, user: { email: string; password: string; id: string }) {
  await page.goto('/login?rd=%2Fsettings');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/2fa\\?u=${user.id}&rd=%2Fsettings&m=app$`));
}

test('a member sets up an authenticator app, then signs in with its code and with a recovery code', async ({
  page,
}) => {
  const user = await createUser({ name: 'Aster Authenticator' });
  await signIn(page, user.email, user.password);

  // Settings: password, QR code and key, the first code, the recovery codes
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Authenticator app' });
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await card.getByLabel('Current password').fill(user.password);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('authenticator-key').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: 'test-results/authenticator-app-setup-390.png' });
  await expectAccessible(page);

  await card.getByRole('textbox', { name: /Code from your app/ }).fill(appCode(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(card.getByText(/Each code works once/)).toBeVisible();
  const recoveryCode = (await codes.first().innerText()).trim();
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByRole('button', { name: 'Turn off the authenticator app' })).toBeVisible();

  // Email and password, then the app's code
  await signOut(page);
  await passwordStep(page, user);
  await expect(page.getByRole('heading', { name: 'Code from your authenticator app' })).toBeVisible();
  await page.screenshot({ path: 'test-results/authenticator-app-2fa-390.png' });
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /Code from your authenticator app/ }).fill(appCode(secret));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // Email and password, then a recovery code
  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: /Recovery code/ }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(
    page
      .getByRole('region', { name: 'Authenticator app' })
      .getByRole('button', { name: 'Turn off the authenticator app' }),
  ).toBeVisible();
});
