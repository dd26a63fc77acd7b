import { mkdir, readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { codeIn, createUser, expectAccessible, latestMail, linkIn, PASSWORD, uniqueName } from './support/fixtures';
import { ok, signedInAt, tokenOf } from './support/signed-in';

// A paid community end to end: Maya gives her plan a yearly price beside the monthly one in the
// tier form and creates a 20%-forever offer in the offer editor. Sam shares her profile with the
// offer and his referral code; a visitor signs up through it, comes back with both, picks Yearly,
// sees the discounted yearly price and pays in the test checkout. Maya then sees the redemption
// (offer editor), the referral (dashboard) and the payment with its discount (revenue CSV); Sam
// sees his referral paid. Sam then gives the plan to an e-mail address, and a new account claims it
// and holds access until the gift's end. Screenshots at 1280 and 390 px go to /work/shots/issue37/.
const SHOTS = '/work/shots/issue37';

/** Registers a new member from the register page (reached with its `rd`) and confirms the mailed code. */
async function registerAndConfirm(page: Page, name: string, handle: string) {
  const email = `${handle}@example.test`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Username', { exact: true }).fill(handle);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('radio', { name: 'User' }).click();
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/confirm-email\?u=/);
  const code = codeIn(await latestMail(email, 'confirmation code'));
  await page.getByLabel(/code/i).fill(`${code.slice(0, 2)}-${code.slice(2)}`);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test.beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

for (const width of [1280, 390]) {
  test(`a yearly price with an offer through a referral link, the facilitator's figures, and a gift claimed by a new account (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const maya = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
    const sam = await createUser({ name: 'Sam Lee' });
    const code = `YEAR20${uniqueName('').toUpperCase()}`;
    const desk = await signedInAt(browser, maya.email, width);
    const tier = await ok<{ _id: string }>(
      await request.post('/api/app/tier/new', {
        headers: await tokenOf(desk),
        data: { name: 'Inner circle', type: 'subscription', price: 12, interval: 'month', published: true },
      }),
    );

    // the tier form's price editor: yearly at $120 beside the default $12 a month
    await desk.goto(`/program/tier/${tier._id}`);
    const form = desk.getByRole('form', { name: 'Edit tier' });
    const prices = form.getByRole('group', { name: 'Prices' });
    await prices.getByRole('checkbox', { name: 'Offer yearly' }).check();
    await prices.getByLabel('Yearly price (USD)').fill('120');
    await expect(prices.getByText('Saves 16% against the default')).toBeVisible();
    await form.getByRole('button', { name: 'Save Tier' }).click();
    await expect(desk).toHaveURL(new RegExp(`/program\\?tier=${tier._id}`));

    // the offer editor: 20% off every payment
    const offers = desk.getByRole('region', { name: 'Offers' });
    await expect(offers.getByText('No offers on this plan yet.')).toBeVisible();
    await offers.getByRole('button', { name: 'Create offer' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'A percent off' }).check();
    await dialog.getByRole('spinbutton', { name: 'Percent off' }).fill('20');
    await dialog.getByLabel('For how long').selectOption({ label: 'Every payment (forever)' });
    await dialog.getByLabel('Code').fill(code);
    await expectAccessible(desk);
    await desk.screenshot({ path: `${SHOTS}/offer-dialog-${width}.png` });
    await dialog.getByRole('button', { name: 'Create offer' }).click();
    const offerRow = offers.getByRole('list', { name: 'Offers' }).getByRole('listitem').filter({ hasText: code });
    await expect(offerRow).toContainText('20% off forever');
    await expect(offerRow).toContainText('0 redeemed');

    // a visitor opens Maya's profile with the offer and Sam's code, signs up and comes back with both
    const visitor = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await visitor.goto(`/profile/${maya.id}?offer=${code}&r=${sam.id}`);
    await expect(visitor).toHaveURL(/\/login\?rd=/);
    await visitor.getByRole('link', { name: 'Register' }).click();
    await expect(visitor).toHaveURL(/\/register\?rd=/);
    const handle = uniqueName('ada');
    await registerAndConfirm(visitor, 'Ada Lima', handle);
    await expect(visitor).toHaveURL(new RegExp(`/profile/${maya.id}\\?offer=${code}&r=${sam.id}$`));

    // the plan card: Yearly chosen, the yearly price with the offer
    const card = visitor.getByRole('article', { name: 'Inner circle' });
    await expect(card.getByText('$12 → $9.60 / month forever')).toBeVisible();
    await card.getByText('Yearly', { exact: true }).click();
    await expect(card.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    await expect(card.getByText('$120 → $96 / year forever')).toBeVisible();
    await expect(card.getByText(`Offer ${code}`, { exact: false })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(visitor);
    await card.screenshot({ path: `${SHOTS}/plan-card-yearly-offer-${width}.png` });

    // the test-mode checkout charges the discounted year
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor).toHaveURL(/\/test-mode\/checkout\/cs_test_/);
    await expect(visitor.getByText(`Offer ${code}`)).toBeVisible();
    await expect(visitor.getByText('/ year', { exact: true })).toBeVisible();
    await expect(visitor.getByText('$120 → $96 / year forever')).toBeVisible();
    await expect(visitor.getByRole('definition').filter({ hasText: /^\$96\.00$/ })).toBeVisible();
    await visitor.screenshot({ path: `${SHOTS}/checkout-yearly-offer-${width}.png`, fullPage: true });
    await visitor.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/subscription/${tier._id}/success\\?session_id=`));

    // Maya: the offer's redemption and its revenue
    await desk.goto(`/program?tier=${tier._id}`);
    await expect(offerRow).toContainText('1 redeemed');
    await expect(offerRow).toContainText('$96');
    await offers.scrollIntoViewIfNeeded();
    await expectAccessible(desk);
    await offers.screenshot({ path: `${SHOTS}/offer-editor-${width}.png` });

    // Maya: the referral on her dashboard, with the first payment to her
    await desk.goto('/dashboard');
    const referrals = desk.getByRole('region', { name: 'Referrals' });
    const referral = referrals.getByRole('listitem').filter({ hasText: 'Ada Lima' });
    await expect(referral).toContainText('Sam Lee brought Ada Lima');
    await expect(referral).toContainText('First paid you $96');
    await referrals.scrollIntoViewIfNeeded();
    await expectAccessible(desk);
    await referrals.screenshot({ path: `${SHOTS}/referrals-facilitator-${width}.png` });

    // Maya: the revenue CSV lists the payment with the offer's code and what it took off
    const downloading = desk.waitForEvent('download');
    await desk.getByRole('button', { name: /^Download CSV of the revenue entries/ }).click();
    const csv = (await readFile((await (await downloading).path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/"Offer code","Discount \(USD\)"$/);
    const row = lines.find((l) => l.includes('"Ada Lima"'));
    expect(row).toMatch(new RegExp(`^"[^"]+","Inner circle","Payment","Ada Lima",96,.*"${code}",24$`));

    // Sam: one person signed up through his link, and paid
    const home = await signedInAt(browser, sam.email, width);
    await home.goto('/settings#referrals');
    const panel = home.getByRole('region', { name: 'Referrals' });
    await expect(panel.getByLabel('1 person signed up')).toBeVisible();
    await expect(panel.getByLabel('1 of them paid')).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await expectAccessible(home);
    await panel.screenshot({ path: `${SHOTS}/referrals-member-${width}.png` });

    // Sam gives three months of the plan to an address nobody has an account for
    const friendHandle = uniqueName('gifted');
    const recipient = `${friendHandle}@example.test`;
    await home.goto(`/profile/${maya.id}`);
    const plan = home.getByRole('article', { name: 'Inner circle' });
    await plan.getByRole('button', { name: 'Give as a gift' }).click();
    const gift = home.getByRole('dialog');
    await gift.getByText('3 months').click();
    await expect(gift.getByTestId('gift-total')).toHaveText('$36');
    await gift.getByLabel('Their email address').fill(recipient);
    await gift.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(home).toHaveURL(/\/test-mode\/checkout\/cs_test_/);
    await home.getByRole('button', { name: 'Pay $36.00' }).click();
    await expect(home).toHaveURL(/\/subscriptions\?gift=/);

    // the mailed claim link, a new account made from it, the claim, access until the end
    const claimPath = new URL(linkIn(await latestMail(recipient, 'gave you'))).pathname;
    const friend = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await friend.goto(claimPath);
    await expect(friend.getByRole('heading', { name: 'You have a gift', level: 1 })).toBeVisible();
    await expect(friend.getByText('From Sam Lee')).toBeVisible();
    await expect(friend.getByText('3 months of Inner circle by Maya Rivers')).toBeVisible();
    await expectAccessible(friend);
    await friend.screenshot({ path: `${SHOTS}/gift-claim-${width}.png`, fullPage: true });
    await friend.getByRole('link', { name: 'Create an account to claim' }).click();
    await expect(friend).toHaveURL(/\/register\?rd=/);
    await registerAndConfirm(friend, 'Lee Gifted', friendHandle);
    await expect(friend).toHaveURL(claimPath);
    await friend.getByRole('button', { name: 'Claim your gift' }).click();
    await expect(friend.getByRole('heading', { name: 'Your gift is yours', level: 1 })).toBeVisible();
    const until = (await friend.getByText(/You have access until/).textContent())!.match(/\d{2}\/\d{2}\/\d{4}/)![0];
    await friend.screenshot({ path: `${SHOTS}/gift-claimed-${width}.png`, fullPage: true });
    await friend.getByRole('link', { name: 'See my subscriptions' }).click();
    await expect(friend.getByText(`Gift until ${until}`)).toBeVisible();
  });
}
