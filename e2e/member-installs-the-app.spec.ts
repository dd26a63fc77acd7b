import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { createUser, expectAccessible, seedPractice, signIn, watchCsp } from './support/fixtures';
import { ownDeployment } from './support/deployment';
import { E2E } from './support/ports';

const SHOTS = '/work/shots/pwa';

/**
 * Resolves once a service worker is active and controls the page; answers its script's URL. The
 * page registers it a few seconds after it has gone idle, and its install fetches the whole shell.
 */
async function controllingWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 30_000 })
    .toBe('activated');
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

const buildOf = (page: Page) => page.locator('meta[name="tend-build"]').getAttribute('content');

test("a member's home is an installable app, and the account menu offers to install it", async ({}, testInfo) => {
  const member = await createUser({ name: 'Ivy Install' });
  const { todayTitle } = await seedPractice(member.id);
  // A browser profile on disk: Playwright's usual contexts are off the record, where Chromium
  // reports 'in-incognito' and never offers an install. In this one headless Chromium fires a
  // real beforeinstallprompt, so no synthetic event is needed.
  const profile = mkdtempSync(join(tmpdir(), 'tend-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: E2E.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const csp = await watchCsp(page);
    await signIn(page, member.email);
    await page.goto('/');
    await expect(page.getByRole('button', { name: todayTitle })).toBeVisible();

    // the worker (registered a few seconds after the page is idle) is active and controls the page
    expect(await controllingWorker(page)).toBe(`${E2E.baseURL}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${E2E.baseURL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // the browser's offer reaches the account menu (desktop)...
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Install app' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/install-menu-1280.png` });
    await page.keyboard.press('Escape');

    // ...and the side menu on a phone. Choosing it would open Chromium's own install dialog,
    // which a headless browser cannot answer; the component tests check that it is called.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    const install = menu.getByRole('button', { name: 'Install app' });
    await expect(install).toBeVisible();
    await install.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/install-menu-390.png` });
    csp.expectNone();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a new deployment reaches an open app: it offers the new version and reloads into it on consent', async ({
  browser,
}) => {
  // a server of its own: the deployment restarts it on a changed build, which the shared server
  // of the other journeys must not see
  const deployment = await ownDeployment();
  const context = await browser.newContext({ baseURL: deployment.url, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
    await controllingWorker(page);
    const oldBuild = await buildOf(page);
    expect(oldBuild).toMatch(/^[0-9a-f]{16}$/);
    await page.evaluate(() => {
      (window as unknown as { beforeDeploy: boolean }).beforeDeploy = true;
    });

    // a new build is deployed: another page (its build id), and a new worker precaching it
    await deployment.deploy((webRoot) => {
      const html = join(webRoot, 'index.html');
      writeFileSync(
        html,
        readFileSync(html, 'utf8').replace(/(name="tend-build" content=")[^"]+/, '$1e2e0new0build00'),
      );
      const sw = join(webRoot, 'sw.js');
      const worker = readFileSync(sw, 'utf8');
      const next = worker.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, '$1e2e0new0index00$2');
      expect(next).not.toBe(worker);
      writeFileSync(sw, next);
    });

    // the app's next call hears of the new build; the new worker installs and waits for consent
    await page.getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(page.getByRole('heading', { name: /terms/i }).first()).toBeVisible();
    const banner = page.getByTestId('update-banner');
    await expect(banner.getByRole('status')).toHaveText('A new version is ready.');
    expect(await page.evaluate(() => (window as unknown as { beforeDeploy?: boolean }).beforeDeploy)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/update-ready-390.png` });

    // keyboard: the banner's Reload is reached and pressed
    await banner.getByRole('button', { name: 'Reload' }).focus();
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await expect.poll(() => buildOf(page)).toBe('e2e0new0build00');
    expect(await page.evaluate(() => (window as unknown as { beforeDeploy?: boolean }).beforeDeploy)).toBeUndefined();
    await expect(page.getByRole('heading', { name: /terms/i }).first()).toBeVisible();
    await expect(banner.getByRole('status')).toHaveText('');
    await controllingWorker(page);
  } finally {
    await context.close();
    await deployment.close();
  }
});

test('an app whose API contract the server no longer speaks reloads into the new version at once, and only once', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await controllingWorker(page);
    let loads = 0;
    page.on('load', () => loads++);
    const documents: boolean[] = [];
    page.on('response', (response) => {
      if (response.request().isNavigationRequest()) documents.push(response.fromServiceWorker());
    });
    // the server moves to the next contract (an API call changed under the app)
    await context.route('**/api/**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'tend-api-version': '999' } });
    });
    await page.getByRole('link', { name: 'Terms & Conditions' }).click();
    // no newer worker to be had here: the old one is dropped and the page comes from the server
    await expect.poll(() => loads).toBe(1);
    await expect(page.getByTestId('update-banner').getByRole('status')).toHaveText('A new version is ready.');
    // the reloaded page came from the server, not from the old worker's shell
    expect(documents).toEqual([false]);
    // back still on the old contract, it does not loop: the member is asked instead
    expect(loads).toBe(1);
  } finally {
    await context.close();
  }
});
