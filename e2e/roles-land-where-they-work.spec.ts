import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signIn } from './support/fixtures';
import { E2E } from './support/ports';

test('a facilitator lands on /dashboard and is sent there from the member pages', async ({ page }) => {
  const facilitator = await createUser({ isFacilitator: true, name: 'Fay Facilitator' });
  await signIn(page, facilitator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Membership' })).toBeVisible();
  await page.goto('/past-practices');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page);
});

test('an admin sees the Admin Portal button and reaches /admin', async ({ page }) => {
  const admin = await createUser({ isAdmin: true, name: 'Ari Admin' });
  await signIn(page, admin.email);
  const portal = page.getByRole('link', { name: 'Admin Portal' });
  await expect(portal).toBeVisible();
  await portal.click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('a member does not see the Admin Portal and is refused /admin', async ({ page }) => {
  const member = await createUser({ name: 'Mo Member' });
  await signIn(page, member.email);
  await expect(page.getByText('Welcome back, Mo Member')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Portal' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('You are not allowed here')).toBeVisible();
});

test('an rd pointing at another site is ignored after sign-in', async ({ page }) => {
  const member = await createUser({ name: 'Ola Openredirect' });
  await signIn(page, member.email, undefined, '/login?rd=https%3A%2F%2Fevil.example%2Fphish');
  await expect(page.getByText('Welcome back, Ola Openredirect')).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(E2E.baseURL).host);
});
