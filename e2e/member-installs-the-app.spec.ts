import { expect, test } from '@playwright/test';
import { createUser, seedPractice, signIn, watchCsp } from './support/fixtures';

test('the member home is an installable app: the worker is active and controls the page', async ({ page }) => {
  const member = await createUser({ name: 'Ivy Install' });
  await seedPractice(member.id);
  const csp = await watchCsp(page);
  await signIn(page, member.email);
  await page.goto('/');
  const controlled = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    return { active: registration.active?.state, script: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(controlled.active).toBe('activated');
  expect(controlled.script).toMatch(/\/sw\.js$/);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  console.log(JSON.stringify(installabilityErrors));
  csp.expectNone();
});
