import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { createUser, expectAccessible, signIn, uniqueName, watchCsp } from './support/fixtures';

/** A figure beside the revenue chart, by its label. */
const figure = (figures: Locator, label: string) => figures.locator(`dt:text-is("${label}") + dd`);

test('a facilitator sells a yearly tier: the member pays once a year, MRR counts a twelfth, and the members CSV lists them', async ({
  page,
  browser,
}) => {
  const csp = await watchCsp(page);
  const tierName = `Year of Stillness ${uniqueName('')}`;
  const facilitator = await createUser({ isFacilitator: true, name: 'Yara Facilitator' });
  const member = await createUser({ name: uniqueName('Milo Member ') });

  // The facilitator creates a yearly tier at $120.
  await signIn(page, facilitator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/program/tier/new');
  const tierForm = page.getByRole('form', { name: 'Add tier' });
  await tierForm.getByLabel('Name', { exact: true }).fill(tierName);
  await tierForm.getByRole('radio', { name: 'Subscription' }).check();
  await tierForm.getByRole('combobox', { name: /^Billing interval/ }).selectOption({ label: 'Annually' });
  await tierForm.getByLabel('Price (USD per year)').fill('120');
  await tierForm.getByRole('checkbox', { name: 'Published' }).check();
  await tierForm.getByRole('button', { name: 'Create Tier' }).click();
  await expect(page).toHaveURL(/\/program\?tier=/);
  const tierId = new URL(page.url()).searchParams.get('tier')!;

  // The member subscribes through test mode's checkout.
  const memberContext = await browser.newContext();
  const buyer = await memberContext.newPage();
  const buyerCsp = await watchCsp(buyer);
  await signIn(buyer, member.email);
  await buyer.goto(`/profile/${facilitator.id}`);
  const plan = buyer.getByRole('article', { name: tierName });
  await expect(plan).toContainText('$120 / year');
  await plan.getByRole('button', { name: 'Subscribe' }).click();
  await expect(buyer).toHaveURL(/\/test-mode\/checkout\/cs_test_/);
  await expect(buyer.getByText('/ year')).toBeVisible();
  await buyer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/subscription/${tierId}/success\\?session_id=`));

  // My Subscriptions prices it per year.
  await buyer.goto('/subscriptions#active');
  const card = buyer.getByRole('tabpanel').getByRole('article', { name: tierName });
  await expect(card).toContainText('$120 / year');
  buyerCsp.expectNone();
  await memberContext.close();

  // The dashboard: MRR counts a twelfth of $120 a month; the member is active and has paid $120.
  await page.goto('/dashboard');
  const figures = page.getByRole('region', { name: 'Your figures' });
  await expect(figure(figures, 'MRR')).toHaveText('$10');
  await expect(figure(figures, 'Active paying members')).toHaveText('1');
  await expect(figure(figures, 'New')).toHaveText('1');

  const members = page.getByRole('region', { name: 'Members' });
  await members.getByRole('combobox', { name: 'Tier' }).selectOption({ label: tierName });
  await expect(page).toHaveURL(new RegExp(`[?&]tier=${tierId}`));
  const table = members.getByRole('table', { name: `Members of ${tierName}` });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: member.name }) });
  await expect(row.getByRole('cell')).toHaveText([tierName, 'Annually', /^\d{2}\/\d{2}\/\d{4}$/, 'Active', '$120'], {
    useInnerText: true,
  });
  await expectAccessible(page);

  // 'Download CSV' saves the members of that tier, the member among them.
  const downloading = page.waitForEvent('download');
  await members.getByRole('button', { name: `Download CSV of the members of ${tierName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^members-year-of-stillness-[a-z0-9-]*\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('"Member","Tier","Interval","Start date","Status","Paid to date (USD)"');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(
    new RegExp(`^"${member.name}","${tierName}","Annually","\\d{4}-\\d{2}-\\d{2}","Active",120$`),
  );

  csp.expectNone();
});
