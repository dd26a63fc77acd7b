import { expect, test } from '@playwright/test';
import { createUser, expectAccessible } from './support/fixtures';
import { ok, signedInAt, tokenOf } from './support/signed-in';

// A facilitator gives a plan as complimentary access to a member by email, on the program's tier
// page; the member sees it in My Subscriptions without Manage. Screenshots at 1280 and 390 px go
// to e2e/screenshots/.

for (const width of [1280, 390]) {
  test(`a facilitator gives complimentary access, the member sees it (${width} px)`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const facilitator = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
    const sam = await createUser({ name: 'Sam Lee' });
    const desk = await signedInAt(browser, facilitator.email, width);
    const tier = await ok<{ _id: string }>(
      await request.post('/api/app/tier/new', {
        headers: await tokenOf(desk),
        data: { name: 'Inner circle', type: 'subscription', price: 25, published: true },
      }),
    );

    await desk.goto(`/program?tier=${tier._id}`);
    const section = desk.getByRole('region', { name: 'Complimentary access' });
    await expect(section.getByText('Nobody has complimentary access to this plan yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Give complimentary access' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByLabel('Email address').fill(sam.email);
    await dialog.getByLabel('Private note').fill('Scholarship');
    await expectAccessible(desk);
    await desk.screenshot({ path: `e2e/screenshots/complimentary-dialog-${width}.png` });
    await dialog.getByRole('button', { name: 'Give access' }).click();
    await expect(section.getByRole('list', { name: 'Complimentary access' }).getByText('Sam Lee')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(desk);
    await desk.screenshot({ path: `e2e/screenshots/complimentary-list-${width}.png`, fullPage: true });

    const home = await signedInAt(browser, sam.email, width);
    await home.goto('/subscriptions');
    await expect(home.getByText('Complimentary', { exact: true })).toBeVisible();
    await expect(home.getByRole('button', { name: 'Manage Subscription' })).toHaveCount(0);
    await home.screenshot({ path: `e2e/screenshots/complimentary-subscription-${width}.png`, fullPage: true });
  });
}
