import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, seedPaidPlans, signIn } from './support/fixtures';
import { ok, signedInAt, tokenOf } from './support/signed-in';

test('a plan card lists what the plan includes, and a member becomes a facilitator from Settings', async ({
  browser,
}) => {
  const { facilitator, monthly } = await seedPaidPlans();
  const coach = await (await browser.newContext()).newPage();
  await signIn(coach, facilitator.email, facilitator.password);
  // the facilitator's own points, as the tier form saves them
  await ok(
    await coach.request.post(`/api/app/tier/${monthly.id}`, {
      headers: await tokenOf(coach),
      data: { features: ['A welcome call in the first week', 'Worksheets for every sit'], allowDirectMessaging: true },
    }),
  );

  const member = await createUser({ name: 'Iris Includes' });
  for (const width of [390, 1280]) {
    const page = await signedInAt(browser, member.email, width);
    await page.goto(`/profile/${facilitator.id}`);
    const plan = page.getByRole('article', { name: monthly.name });
    const includes = plan.getByRole('list', { name: 'Includes' });
    await expect(includes.getByRole('listitem')).toHaveText([
      '1 content item',
      'Direct messages with the facilitator',
      'A welcome call in the first week',
      'Worksheets for every sit',
    ]);
    await expect(plan.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expectAccessible(page);
    await plan.screenshot({ path: `test-results/plan-card-includes-${width}.png` });
    await page.context().close();
  }

  // a member turns into a facilitator and lands on the dashboard
  const page = await signedInAt(browser, member.email, 390);
  await page.goto('/settings');
  const section = page.getByRole('form', { name: 'Become a facilitator' });
  await section.getByRole('textbox', { name: /About your work/ }).fill('I teach slow breathing.');
  await section.getByRole('textbox', { name: /Category/ }).fill('Breath');
  await page.screenshot({ path: 'test-results/become-facilitator-390.png', fullPage: true });
  await section.getByRole('button', { name: 'Become a facilitator' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAccessible(page);
});
