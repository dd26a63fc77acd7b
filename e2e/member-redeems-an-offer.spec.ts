import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signIn } from './support/fixtures';
import { ok, signedInAt, tokenOf } from './support/signed-in';

// A facilitator creates an offer on a plan in the offer editor and copies its link; a visitor who
// opens the link signs in and comes back to the profile with the offer applied; the plan card
// shows the price with it, and the test-mode checkout charges the discounted first month.
// Screenshots at 1280 and 390 px go to e2e/screenshots/.
const SHOTS = 'e2e/screenshots';

for (const width of [1280, 390]) {
  test(`a facilitator shares an offer and a member redeems it (${width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const facilitator = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
    const sam = await createUser({ name: 'Sam Lee' });
    const desk = await signedInAt(browser, facilitator.email, width);
    const tier = await ok<{ _id: string }>(
      await request.post('/api/app/tier/new', {
        headers: await tokenOf(desk),
        data: { name: 'Inner circle', type: 'subscription', price: 12, published: true },
      }),
    );

    await desk.goto(`/program?tier=${tier._id}`);
    const section = desk.getByRole('region', { name: 'Offers' });
    await expect(section.getByText('No offers on this plan yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Create offer' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByLabel('An amount off').check();
    await dialog.getByLabel('Amount off (USD)').fill('4');
    await dialog.getByLabel('Code').fill(`first4${width}`);
    await dialog.getByLabel('Redemption limit (optional)').fill('50');
    await expectAccessible(desk);
    await desk.screenshot({ path: `${SHOTS}/offer-dialog-${width}.png` });
    await dialog.getByRole('button', { name: 'Create offer' }).click();
    const list = section.getByRole('list', { name: 'Offers' });
    await expect(list.getByText(`first4${width}`)).toBeVisible();
    await expect(list.getByText('$4 off the first payment')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(desk);
    await section.screenshot({ path: `${SHOTS}/offer-editor-${width}.png` });

    // a visitor opens the link, signs in, and lands back on it with the code
    const link = `/profile/${facilitator.id}?offer=first4${width}`;
    const visitor = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await visitor.goto(link);
    await expect(visitor).toHaveURL(/\/login\?rd=/);
    await signIn(visitor, sam.email, undefined, visitor.url().replace(/^https?:\/\/[^/]+/, ''));
    await expect(visitor).toHaveURL(new RegExp(`offer=first4${width}`));
    const card = visitor.getByRole('article', { name: 'Inner circle' });
    await expect(card.getByText('$8 first month, then $12/month')).toBeVisible();
    await expectAccessible(visitor);
    await visitor.screenshot({ path: `${SHOTS}/plan-card-offer-${width}.png`, fullPage: true });

    await card.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor.getByText(`Offer first4${width}`)).toBeVisible();
    await expect(visitor.getByText('$8.00')).toBeVisible();
    await visitor.screenshot({ path: `${SHOTS}/checkout-offer-${width}.png`, fullPage: true });

    // an unknown code is explained, at the usual price
    const other = await signedInAt(browser, sam.email, width);
    await other.goto(`/profile/${facilitator.id}?offer=NOPE`);
    await expect(other.getByText('That offer code was not found. Plans are shown at their usual price.')).toBeVisible();
    await other.screenshot({ path: `${SHOTS}/plan-card-unknown-code-${width}.png`, fullPage: true });
  });
}
