import { expect, test } from '@playwright/test';
import { codeIn, createUser, expectAccessible, latestMail, signIn, uniqueName, watchCsp } from './support/fixtures';

test('a member finds a facilitator in Explore by category, reads the whole bio, then confirms the email, turns on two-factor and is asked for the code at the next sign-in', async ({
  page,
  request,
}) => {
  const stamp = uniqueName(`${Date.now()}`);
  const category = `Qigong${stamp}`;
  const ending = `Ask me about the ${stamp} dawn circle.`;
  const bio = `I teach slow standing practice for people who sit at a desk all day. We begin with the feet, then the breath, then the spine. ${ending}`;
  expect(bio.length).toBeGreaterThan(100);
  const facilitator = await createUser({ isFacilitator: true, name: `Fern ${uniqueName('')}` });
  const member = await createUser({ name: 'Ines Inquirer', emailConfirmed: false });
  const newName = `Ines ${uniqueName('')}`;

  // The facilitator's category and bio, saved through the real Settings API.
  const login = await request.post('/api/auth/login', {
    data: { user: { email: facilitator.email, password: facilitator.password } },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const saved = await request.post('/api/app/profile', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: facilitator.name,
      email: facilitator.email,
      bio,
      facilitatorCategory: category,
      twoFactorEnabled: false,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const csp = await watchCsp(page);
  await signIn(page, member.email);

  // Explore: part of the category finds exactly that facilitator.
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Explore', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search facilitators' }).fill(`gong${stamp}`);
  await expect(page).toHaveURL(new RegExp(`/explore\\?q=gong${stamp}$`));
  const list = page.getByRole('list', { name: 'Facilitators' });
  await expect(list).not.toHaveAttribute('aria-busy');
  await expect(list.getByRole('link')).toHaveCount(1);
  const card = list.getByRole('link', { name: `${facilitator.name} ${category}` });
  await expect(card).toBeVisible();
  await expectAccessible(page);

  // The profile: the bio shows 100 characters until 'show more'.
  await card.click();
  await expect(page).toHaveURL(`/profile/${facilitator.id}`);
  await expect(page.getByRole('heading', { name: facilitator.name, level: 1 })).toBeVisible();
  await expect(page.getByText(category, { exact: true })).toBeVisible();
  await expect(page.getByText(`${bio.slice(0, 100).trimEnd()}…`, { exact: true })).toBeVisible();
  await expect(page.getByText(ending)).toHaveCount(0);
  const more = page.getByRole('button', { name: 'show more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(page.getByText(bio, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'show less' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'show less' }).click();
  await expect(page.getByText(ending)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'show more' })).toBeVisible();

  // Plans and Sessions tabs; Sessions is the facilitator's week calendar.
  const tabs = page.getByRole('tablist', { name: 'Profile sections' });
  await expect(tabs.getByRole('tab', { name: 'Plans' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Plans' }).getByText('No Plans Available')).toBeVisible();
  await expectAccessible(page);
  await tabs.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(/\?tab=sessions$/);
  await expect(
    page.getByRole('tabpanel', { name: 'Sessions' }).getByRole('button', { name: 'Next week' }),
  ).toBeVisible();

  // Settings: no two-factor until the email is confirmed.
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Settings' });
  await expect(form.getByText('Email not confirmed')).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Enable Two Factor Authentication' })).toHaveCount(0);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Resend Email Confirmation' }).click();
  await expect(page.getByText('We sent you a new code. It can take a few minutes to arrive.')).toBeVisible();
  const confirmCode = codeIn(await latestMail(member.email, 'confirmation code'));
  await form.getByRole('link', { name: 'Enter code' }).click();
  await expect(page).toHaveURL(new RegExp(`/confirm-email\\?u=${member.id}&rd=%2Fsettings$`));
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await page.getByLabel('Verification code').fill(confirmCode);
  await page.getByRole('button', { name: 'Submit' }).click();

  // Back in Settings, confirmed: rename and turn two-factor on.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(form.getByText('Email confirmed', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Resend Email Confirmation' })).toHaveCount(0);
  const twoFactor = form.getByRole('checkbox', { name: 'Enable Two Factor Authentication' });
  await expect(twoFactor).not.toBeChecked();
  await form.getByRole('textbox', { name: 'Name' }).fill(newName);
  await twoFactor.check();
  // changing a second factor asks for the current password
  await form.getByLabel('Current password').fill(member.password);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Your settings are saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();

  // Sign out from the profile menu; the next sign-in asks for the mailed code.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/2fa\\?u=${member.id}$`));
  await expect(page.getByRole('heading', { name: 'Confirm Login' })).toBeVisible();
  const signInCode = codeIn(await latestMail(member.email, 'sign-in code'));
  await page.getByLabel('Verification code').fill(signInCode);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${newName}` })).toBeVisible();

  csp.expectNone();
});
