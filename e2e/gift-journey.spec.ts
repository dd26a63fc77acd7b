import { expect, test } from '@playwright/test';
import {
  codeIn,
  createUser,
  expectAccessible,
  latestMail,
  linkIn,
  PASSWORD,
  seedPaidPlans,
  signIn,
  uniqueName,
} from './support/fixtures';

// A member buys three months of a $12/month plan as a gift in the test checkout; the recipient
// opens the mailed link, creates an account from the claim page, comes back to it, claims the gift
// and sees access until its end date. Screenshots of the dialog and the claim page at 1280 and
// 390 px go to /work/shots/gifts/.

for (const width of [1280, 390]) {
  test(`a gift is bought, mailed, claimed with a new account and gives access until its end (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const buyer = await createUser({ name: 'Ana Giver' });
    const { facilitator, monthly } = await seedPaidPlans();
    const handle = uniqueName('gifted');
    const recipient = `${handle}@example.test`;

    const giver = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signIn(giver, buyer.email);
    await expect(giver.getByText('Welcome back, Ana Giver')).toBeVisible();
    await giver.goto(`/profile/${facilitator.id}`);
    const plan = giver.getByRole('article', { name: monthly.name });
    await plan.getByRole('button', { name: 'Give as a gift' }).click();
    const dialog = giver.getByRole('dialog');
    await dialog.getByText('3 months').click();
    await expect(dialog.getByTestId('gift-total')).toHaveText('$36');
    await dialog.getByLabel('Their email address').fill(recipient);
    await dialog.getByLabel('Your message').fill('Happy birthday! Enjoy the practice.');
    await expectAccessible(giver);
    await giver.screenshot({ path: `/work/shots/gifts/gift-dialog-${width}.png` });
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();

    // the hosted checkout (test mode): one payment, nothing renews
    await expect(giver).toHaveURL(/\/test-mode\/checkout\/cs_test_/);
    await expect(giver.getByText('One-time payment')).toBeVisible();
    await giver.getByRole('button', { name: 'Pay $36.00' }).click();
    await expect(giver).toHaveURL(/\/subscriptions\?gift=/);
    const gifts = giver.getByRole('region', { name: 'Gifts you gave' });
    await expect(gifts.getByText(recipient, { exact: false })).toBeVisible();
    await expect(gifts.getByText(/Sent, not claimed yet/)).toBeVisible();
    await giver.screenshot({ path: `/work/shots/gifts/gifts-you-gave-${width}.png`, fullPage: true });

    // the recipient's mail, its link, the claim page signed out
    const mail = await latestMail(recipient, 'gave you');
    expect(mail.text).toContain('Happy birthday! Enjoy the practice.');
    const claimPath = new URL(linkIn(mail)).pathname;
    const friend = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await friend.goto(claimPath);
    await expect(friend.getByRole('heading', { name: 'You have a gift', level: 1 })).toBeVisible();
    await expect(friend.getByText('From Ana Giver')).toBeVisible();
    await expect(friend.getByText(`3 months of ${monthly.name} by ${facilitator.name}`)).toBeVisible();
    await expectAccessible(friend);
    await friend.screenshot({ path: `/work/shots/gifts/gift-claim-${width}.png`, fullPage: true });

    // a new account, and back to the claim page
    await friend.getByRole('link', { name: 'Create an account to claim' }).click();
    await expect(friend).toHaveURL(/\/register\?rd=/);
    await friend.getByLabel('Name', { exact: true }).fill('Lee Gifted');
    await friend.getByLabel('Username', { exact: true }).fill(handle);
    await friend.getByLabel('Email', { exact: true }).fill(recipient);
    await friend.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await friend.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await friend.getByRole('radio', { name: 'User' }).click();
    await friend.getByRole('checkbox', { name: /terms/i }).check();
    await friend.getByRole('button', { name: /register|create account|submit/i }).click();
    await expect(friend).toHaveURL(/\/confirm-email\?u=/);
    const code = codeIn(await latestMail(recipient, 'confirmation code'));
    await friend.getByLabel(/code/i).fill(`${code.slice(0, 2)}-${code.slice(2)}`);
    await friend.getByRole('button', { name: 'Submit' }).click();
    await expect(friend).toHaveURL(claimPath);

    await friend.getByRole('button', { name: 'Claim your gift' }).click();
    await expect(friend.getByRole('heading', { name: 'Your gift is yours', level: 1 })).toBeVisible();
    const until = (await friend.getByText(/You have access until/).textContent())!.match(/\d{2}\/\d{2}\/\d{4}/)![0];
    await friend.screenshot({ path: `/work/shots/gifts/gift-claimed-${width}.png`, fullPage: true });
    await friend.getByRole('link', { name: 'See my subscriptions' }).click();
    await expect(friend.getByText(`Gift until ${until}`)).toBeVisible();
    await expect(friend.getByRole('button', { name: 'Manage Subscription' })).toHaveCount(0);

    // the link works once
    await friend.goto(claimPath);
    await expect(friend.getByText('This gift has already been claimed.')).toBeVisible();
  });
}
