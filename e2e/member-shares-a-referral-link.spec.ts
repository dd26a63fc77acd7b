import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, PASSWORD, uniqueName } from './support/fixtures';
import { ok, signedInAt, tokenOf } from './support/signed-in';

// Sam shares Maya's profile with his referral code; a visitor opens it, is sent to sign in and
// registers from there, without the code in the address: the first code the browser saw credits Sam.
// Sam sees the count in Settings → Referrals, Maya sees who brought whom among her members on her
// dashboard. Screenshots at 1280 and 390 px go to e2e/screenshots/.

for (const width of [1280, 390]) {
  test(`a referral link credits its owner, seen by the member and the facilitator (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const maya = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
    const sam = await createUser({ name: 'Sam Lee' });
    const desk = await signedInAt(browser, maya.email, width);
    const tier = await ok<{ _id: string }>(
      await request.post('/api/app/tier/new', {
        headers: await tokenOf(desk),
        data: { name: 'Morning circle', type: 'subscription', price: 0, published: true },
      }),
    );

    // a visitor arrives on Maya's profile through Sam's link, is asked to sign in, and registers
    // through the sign-in page's Register link (the code is no longer in the address)
    const visitor = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await visitor.goto(`/profile/${maya.id}?r=${sam.id}`);
    await expect(visitor.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await visitor.getByRole('link', { name: 'Register' }).click();
    await expect(visitor).toHaveURL(/\/register\?rd=/);
    const handle = uniqueName('ada');
    await visitor.getByLabel('Name', { exact: true }).fill('Ada Lima');
    await visitor.getByLabel('Username', { exact: true }).fill(handle);
    await visitor.getByLabel('Email', { exact: true }).fill(`${handle}@example.test`);
    await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await visitor.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await visitor.getByRole('radio', { name: 'User' }).click();
    await visitor.getByRole('checkbox', { name: /terms/i }).check();
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await expect(visitor).toHaveURL(/\/confirm-email/);
    // Ada joins Maya's plan, so she is one of Maya's members
    await ok(await request.get(`/api/app/subscribe/${tier._id}`, { headers: await tokenOf(visitor) }));

    const home = await signedInAt(browser, sam.email, width);
    await home.goto('/settings#referrals');
    const panel = home.getByRole('region', { name: 'Referrals' });
    await expect(panel.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(
      new RegExp(`/register\\?r=${sam.id}$`),
    );
    await expect(panel.getByLabel('1 person signed up')).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await expectAccessible(home);
    await panel.screenshot({ path: `e2e/screenshots/referrals-member-${width}.png` });

    await desk.goto('/dashboard');
    const referrals = desk.getByRole('region', { name: 'Referrals' });
    await expect(referrals.getByRole('listitem').filter({ hasText: 'Ada Lima' })).toContainText(
      'Sam Lee brought Ada Lima',
    );
    await referrals.scrollIntoViewIfNeeded();
    await expectAccessible(desk);
    await referrals.screenshot({ path: `e2e/screenshots/referrals-facilitator-${width}.png` });
  });
}
