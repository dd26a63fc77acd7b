import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, expectAccessible, seedPaidPlans, signIn, watchCsp } from './support/fixtures';

/** A figure on a 'Status of Tiers' card, by its label. */
const stat = (card: Locator, label: string) => card.locator(`dt:text-is("${label}") + dd`);

// The journey holds the navigation to the billing page with page.route; a service worker in
// control answers app pages itself, out of page.route's reach, so this journey runs without one.
test.use({ serviceWorkers: 'block' });

/** The facilitator's 'Status of Tiers' card for a tier. */
const tierStatus = (page: Page, tier: string) =>
  page.getByRole('region', { name: 'Status of Tiers' }).getByRole('article', { name: tier });

/**
 * Holds the navigation to the billing portal until the page shows a dialog titled `title` (or 10 s
 * pass), and answers whether it did. Locators wait for a pending navigation, so the page reports
 * the dialog itself, through the console.
 */
async function holdPortalUntilDialog(page: Page, title: string): Promise<boolean> {
  const signal = 'e2e: redirect dialog shown';
  const shown = new Promise<boolean>((resolve) => {
    page.on('console', (message) => message.text() === signal && resolve(true));
    setTimeout(() => resolve(false), 10_000);
  });
  await page.evaluate(
    ({ title, signal }) => {
      const observer = new MutationObserver(() => {
        const titles = [...document.querySelectorAll('[role="dialog"]')].map((d) =>
          document.getElementById(d.getAttribute('aria-labelledby') ?? ''),
        );
        if (titles.some((t) => t?.textContent === title && t.checkVisibility())) {
          observer.disconnect();
          console.log(signal);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    },
    { title, signal },
  );
  await page.route(
    (url) => url.pathname === '/test-mode/billing',
    async (route) => {
      await shown;
      await route.continue();
    },
    { times: 1 },
  );
  return shown;
}

test('a member subscribes to a paid tier, the facilitator sees the revenue, and the member cancels in the billing page', async ({
  page,
  browser,
}) => {
  const csp = await watchCsp(page);
  const member = await createUser({ name: 'Mira Member' });
  const { facilitator, monthly } = await seedPaidPlans();

  await signIn(page, member.email);
  await expect(page.getByText('Welcome back, Mira Member')).toBeVisible();

  // The facilitator's plans: Deep Practice at $12 a month.
  await page.goto(`/profile/${facilitator.id}`);
  const plan = page.getByRole('article', { name: monthly.name });
  await expect(plan).toContainText('$12 / month');
  const subscribe = plan.getByRole('button', { name: 'Subscribe' });
  await expect(subscribe).toBeVisible();
  await expectAccessible(page);
  await subscribe.click();

  // The hosted checkout (test mode): what is bought, for how much, and nothing charged.
  await expect(page).toHaveURL(/\/test-mode\/checkout\/cs_test_[0-9a-f]{24}$/);
  await expect(page.getByText('Test mode - no real charge')).toBeVisible();
  await expect(page.getByRole('heading', { name: monthly.name, level: 1 })).toBeVisible();
  await expect(page.getByText(facilitator.name)).toBeVisible();
  await expect(page.getByText('$12.00', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('/ month')).toBeVisible();
  await expect(page.getByText('Every month, until you cancel')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel' })).toBeVisible();
  await expectAccessible(page);
  const sessionId = page.url().split('/').pop()!;
  await page.getByRole('button', { name: 'Subscribe' }).click();

  // The result page: Subscribed, the subscription as the server now has it, and the checkout session id.
  await expect(page).toHaveURL(`/subscription/${monthly.id}/success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Subscribed', level: 1 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Your subscription' });
  await expect(details.getByText(monthly.name)).toBeVisible();
  await expect(details.getByRole('link', { name: facilitator.name })).toBeVisible();
  await expect(details.getByText('$12 / month')).toBeVisible();
  await expect(details.getByText(/^Active · renews \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  const reference = page.getByRole('region', { name: 'Checkout details' });
  await expect(reference.getByText('success', { exact: true })).toBeVisible();
  await expect(reference.getByText(sessionId)).toBeVisible();
  await expectAccessible(page);

  // My Subscriptions, Active tab: the card at $12 a month.
  await page.getByRole('link', { name: 'Go to My Subscriptions' }).click();
  await expect(page).toHaveURL(/\/subscriptions#active$/);
  await expect(page.getByRole('tab', { name: 'Active', exact: true })).toHaveAttribute('aria-selected', 'true');
  const activeCard = page.getByRole('tabpanel').getByRole('article', { name: monthly.name });
  await expect(activeCard).toContainText('$12 / month');
  await expect(activeCard).toContainText(`by ${facilitator.name}`);
  await expect(activeCard.getByText(/^Active · renews \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expectAccessible(page);

  // The facilitator, in a browser of their own, sees the $12 on the dashboard.
  const facilitatorContext = await browser.newContext();
  const desk = await facilitatorContext.newPage();
  const deskCsp = await watchCsp(desk);
  await signIn(desk, facilitator.email, facilitator.password);
  await expect(desk).toHaveURL(/\/dashboard$/);
  await expect(desk.getByRole('radio', { name: 'Year' })).toBeChecked();
  const revenue = desk.getByRole('region', { name: 'Revenue' });
  await expect(revenue.getByText('$12 in the past year', { exact: true })).toBeVisible();
  await expect(revenue.getByRole('list', { name: 'Tiers in the chart' }).getByRole('listitem')).toHaveText([
    `${monthly.name}$12`,
  ]);
  // The chart itself (Recharts, loaded after the first paint) draws one line.
  await expect(revenue.locator('.recharts-line')).toHaveCount(1);
  // The same numbers as a table for screen readers.
  const summary = revenue.getByRole('table', { name: 'Revenue per tier in the past year, in US dollars' });
  await expect(summary.getByRole('columnheader')).toHaveText(['Month', monthly.name]);
  await expect(summary.getByRole('row').last()).toHaveText('Total$12');
  await expect(summary.getByRole('row')).toHaveCount(3); // header, this month, total

  const deepPractice = tierStatus(desk, monthly.name);
  await expect(stat(deepPractice, 'Active subscribers')).toHaveText('1');
  await expect(stat(deepPractice, 'Times files opened')).toHaveText('0');
  await expect(stat(deepPractice, 'Earned')).toHaveText('$12');
  await expectAccessible(desk);

  // Back to the member: Manage Subscription goes to the provider's billing portal.
  await activeCard.getByRole('button', { name: 'Manage Subscription' }).click();
  const manage = page.getByRole('alertdialog', { name: 'Manage Subscription' });
  await expect(manage.getByText('Update payment method or cancel this subscription')).toBeVisible();
  await expect(manage.getByRole('button', { name: 'Keep these settings' })).toBeFocused();
  await expectAccessible(page);
  // The redirect dialog shows while the browser leaves for the portal.
  const redirectShown = holdPortalUntilDialog(page, "You're being redirected to our Stripe portal...");
  await page.keyboard.press('Tab');
  await expect(manage.getByRole('button', { name: 'Go to manage' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await redirectShown, 'the redirect dialog was shown').toBe(true);

  // The test-mode billing page: cancel, confirmed.
  await expect(page).toHaveURL(/\/test-mode\/billing\?return=/);
  await expect(page.getByText('Test mode - no real charge')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  const billed = page.getByRole('article', { name: monthly.name });
  await expect(billed).toContainText(`${facilitator.name} · $12.00 / month`);
  await expect(billed.getByText('Active', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await billed.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`You keep ${monthly.name} until the end of the period you have paid for`);
  await expect(confirm.getByRole('button', { name: 'Keep subscription' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(billed.getByText('Cancels at period end')).toBeVisible();
  await expect(billed).toContainText(/Paid until \d{2}\/\d{2}\/\d{4}, then it ends/);
  await expect(billed.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await expect(billed.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expect(
    page.getByText(`${monthly.name} is cancelled. It stays yours until the end of the paid period.`),
  ).toBeVisible();
  await expectAccessible(page);

  // Back in Tend the card stays under Active until the paid period ends: 'Ends on', still messaging.
  await page.getByRole('link', { name: 'Return to Tend' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByRole('heading', { name: 'My Subscriptions', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active', exact: true })).toHaveAttribute('aria-selected', 'true');
  const endingCard = page.getByRole('tabpanel').getByRole('article', { name: monthly.name });
  await expect(endingCard).toContainText('$12 / month');
  await expect(endingCard).toContainText(/Ends on \d{2}\/\d{2}\/\d{4}/);
  // Arrow keys move between the tabs; the address follows.
  await page.getByRole('tab', { name: 'Active', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Inactive' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/subscriptions#inactive$/);
  await expect(page.getByRole('tabpanel').getByText('No inactive subscriptions.')).toBeVisible();
  await expectAccessible(page);

  // #active opens that tab directly.
  await page.goto('/subscriptions#active');
  await expect(page.getByRole('tabpanel').getByRole('article', { name: monthly.name })).toBeVisible();

  // The facilitator's count drops (a cancelled subscriber is not active); what was earned stays.
  await desk.reload();
  await expect(stat(deepPractice, 'Active subscribers')).toHaveText('0');
  await expect(stat(deepPractice, 'Earned')).toHaveText('$12');

  deskCsp.expectNone();
  await facilitatorContext.close();
  csp.expectNone();
});
