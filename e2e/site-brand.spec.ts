import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_SITE_SETTINGS } from '../common/site/schemas';
import { pngImage } from '../scripts/media-fixtures';
import { createUser, expectAccessible, latestMail, signIn, uniqueName, watchCsp } from './support/fixtures';

const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const DEFAULTS = DEFAULT_SITE_SETTINGS;

test('an admin renames the site and uploads a logo; the header, page titles, accent, pages and the next mail follow', async ({
  page,
}) => {
  const admin = await createUser({ isAdmin: true, name: 'Bea Brand' });
  const siteName = `Harbour Circle ${uniqueName('')}`;
  const csp = await watchCsp(page);
  await signIn(page, admin.email);
  // the other journeys share this server: the brand goes back to Tend's whatever happens here
  const token = await page.evaluate(() => localStorage.getItem('token'));
  test.info().attach('site', { body: siteName });
  try {
    await page.goto('/admin/site');
    const form = page.getByRole('form', { name: 'Site settings' });
    await expect(form.getByLabel('Site name', { exact: true })).toHaveValue('Tend');
    await expect(page).toHaveTitle('Site settings · Tend');
    await expectAccessible(page);

    await form.getByLabel('Site name', { exact: true }).fill(siteName);
    await form
      .getByLabel('Logo', { exact: true })
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(160, 160, 210) });
    await expect(form.getByRole('img', { name: 'Logo preview' })).toBeVisible();

    // a colour white text cannot be read on is refused before anything is sent
    const accent = form.getByLabel('Accent colour', { exact: true });
    await accent.fill('#facc15');
    await expect(form.getByText(/White text on it: 1\.\d:1 \(too light/)).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(/hard to read/)).toBeVisible();
    await accent.fill('#1d4ed8');
    await expect(form.getByText('White text on it: 6.7:1 (readable)')).toBeVisible();

    await form.getByLabel('Sender name', { exact: true }).fill(`${siteName} team`);
    const terms = form.getByLabel('Terms of Service', { exact: true });
    await terms.fill(
      '## Our terms\n\nBe **kind** to each other.<script>window.hacked = 1</script>\n\n[Run this](javascript:alert(1)) or [write to us](mailto:hello@example.test).',
    );
    await form.getByRole('button', { name: 'Preview Terms of Service' }).click();
    const preview = form.getByRole('region', { name: 'Terms of Service preview' });
    await expect(preview.getByRole('heading', { name: 'Our terms' })).toBeVisible();
    await expect(preview.getByRole('link', { name: 'write to us' })).toHaveAttribute(
      'href',
      'mailto:hello@example.test',
    );
    await expect(preview.getByRole('link', { name: 'Run this' })).toHaveCount(0);
    await shot(page, 'admin-site-1280', true);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'admin-site-390', true);
    await page.setViewportSize({ width: 1280, height: 800 });

    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    // the admin frame shows the new brand at once, the title too
    await expect(page).toHaveTitle(`Site settings · ${siteName}`);
    await expect(page.getByRole('link', { name: `Back to ${siteName}` })).toBeVisible();
    await shot(page, 'admin-site-saved-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'admin-site-saved-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // a fresh load of the member area: header logo and name, title, accent colour
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByTestId('site-name')).toHaveText(siteName);
    const logo = header.getByTestId('site-logo');
    await expect(logo).toHaveAttribute('src', /^\/images\/.+\.\w+\?tr=w-600$/);
    await expect.poll(() => logo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    await expect(page).toHaveTitle(new RegExp(` · ${siteName}$`));
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand-700')))
      .toBe('#1d4ed8');
    await expect(page.getByRole('contentinfo')).toContainText(siteName);
    await expectAccessible(page);
    await shot(page, 'header-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(header.getByTestId('site-name')).toHaveText(siteName);
    await shot(page, 'header-390');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByTestId('site-name')).toHaveText(siteName);
    await shot(page, 'mobile-menu-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // the Terms page is the admin's Markdown, safely: no script ran, no javascript: link
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { name: 'Our terms' })).toBeVisible();
    await expect(page.getByText('kind', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(page.getByRole('link', { name: 'Run this' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await expect(page).toHaveTitle(`Terms of Service · ${siteName}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'terms-markdown-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    // a page the admin left empty keeps the built-in text, in the site's name
    await page.goto('/privacy-policy');
    await expect(page.getByText(`${siteName} keeps only what it needs`)).toBeVisible();
    await shot(page, 'privacy-1280');

    // the next mail comes from and names the new site
    const member = await createUser({ name: 'Mo Mail' });
    const asked = await page.request.post('/api/auth/request-token', {
      data: { email: member.email, confirmEmail: member.email },
    });
    expect(asked.ok()).toBe(true);
    const mail = (await latestMail(member.email, 'Reset')) as Awaited<ReturnType<typeof latestMail>> & {
      from: string;
      html: string;
    };
    expect(mail.from).toContain(`${siteName} team`);
    expect(`${mail.subject}\n${mail.text}`).toContain(siteName);
    expect(mail.html).toMatch(/<img[^>]+src="http[^"]+\/images\/[^"]+"/);
    csp.expectNone();
  } finally {
    await page.request.post('/api/admin/site', { headers: { authorization: `Bearer ${token}` }, data: DEFAULTS });
  }
});
