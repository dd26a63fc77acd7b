import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { APP_ICONS, type AppIconName } from '../../../common/site/app-manifest';
import { DEFAULT_BRAND } from '../../../common/site/brand';
import { DEFAULT_SITE_SETTINGS } from '../../../common/site/schemas';
import { buildAdmin } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/media';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  theme_color: string;
  icons: Array<{ src: string; sizes: string; purpose?: string }>;
  shortcuts: Array<{ name: string; url: string; icons: Array<{ src: string }> }>;
};

const getManifest = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers });

/** An icon's pixels (RGBA) with its size. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
  };
  return { at, width: info.width, height: info.height };
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const near = (a: number[], b: number[]) => a.every((c, i) => Math.abs(c - b[i]!) <= 3);

/** A wide logo (4:1), `colour` on a transparent background. */
const wideLogo = (colour: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect x="0" y="0" width="400" height="100" rx="20" fill="${colour}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

async function uploadLogo(adminToken: string, bytes: Buffer) {
  const auth = (await call(t.app, 'GET', '/api/image-upload-auth', undefined, adminToken)).json();
  const { publicKey, urlEndpoint } = (await call(t.app, 'GET', '/api/image-config')).json();
  const body = await multipart(
    { fileName: 'logo.png', publicKey, signature: auth.signature, expire: String(auth.expire), token: auth.token },
    { name: 'logo.png', bytes, type: 'image/png' },
  );
  const { filePath } = (await t.app.inject({ method: 'POST', url: '/api/images/upload', ...body })).json();
  return `${urlEndpoint}${filePath}`;
}

async function saveBrand(adminToken: string, brand: { siteName: string; logoUrl: string; accentColor: string }) {
  const saved = await call(t.app, 'POST', '/api/admin/site', { ...DEFAULT_SITE_SETTINGS, ...brand }, adminToken);
  expect(saved.statusCode).toBe(200);
}

describe('the web app manifest', () => {
  it("is the brand's, served as a manifest to anyone, revalidated by its ETag", async () => {
    const res = await getManifest();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      id: '/',
      name: DEFAULT_BRAND.siteName,
      short_name: DEFAULT_BRAND.siteName,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: DEFAULT_BRAND.accentColor,
      background_color: '#fafaf9',
    });
    expect(manifest.description).toMatch(/daily practice/);
    const kinds = (manifest as Manifest).icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(kinds).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
    expect((manifest as Manifest).shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Today', '/'],
      ['Messages', '/messages'],
      ['Sessions', '/profile?tab=sessions'],
    ]);

    const again = await getManifest({ 'if-none-match': `${res.headers.etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('draws every icon it names, in its size, as PNG; the Tend sprout on the brand colour while no logo is set', async () => {
    const manifest: Manifest = (await getManifest()).json();
    const named = [...manifest.icons, ...manifest.shortcuts.flatMap((s) => s.icons)].map((i) => i.src);
    expect(named).toHaveLength(7);
    for (const name of Object.keys(APP_ICONS) as AppIconName[]) {
      const res = await t.app.inject({ method: 'GET', url: `/app-icons/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(['png', APP_ICONS[name].size, APP_ICONS[name].size]);
    }
    const accent = rgb(DEFAULT_BRAND.accentColor);
    // the maskable tile is the brand colour to its corners; the sprout is white at its centre
    const maskable = await pixels(
      (await t.app.inject({ method: 'GET', url: '/app-icons/maskable-512.png' })).rawPayload,
    );
    expect(near(maskable.at(0, 0), [...accent, 255])).toBe(true);
    expect(near(maskable.at(256, 300), [255, 255, 255, 255])).toBe(true);
    // the round badge: transparent corners
    const any = await pixels((await t.app.inject({ method: 'GET', url: '/app-icons/icon-192.png' })).rawPayload);
    expect(any.at(0, 0)[3]).toBe(0);
    // iOS fills transparency with black: its icon has none
    const apple = await pixels(
      (await t.app.inject({ method: 'GET', url: '/app-icons/apple-touch-icon.png' })).rawPayload,
    );
    expect(apple.at(0, 0)[3]).toBe(255);
  });

  it('answers an icon of the version the manifest names as immutable, any other with revalidation', async () => {
    const manifest: Manifest = (await getManifest()).json();
    const src = manifest.icons[0]!.src;
    expect(src).toMatch(/^\/app-icons\/icon-192\.png\?v=[0-9a-f]{12}$/);
    expect((await t.app.inject({ method: 'GET', url: src })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const plain = await t.app.inject({ method: 'GET', url: '/app-icons/icon-192.png?v=old' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/app-icons/icon-192.png',
      headers: { 'if-none-match': `${plain.headers.etag}` },
    });
    expect(revalidated.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/app-icons/icon-100.png' })).statusCode).toBe(400);
  });

  it("follows the brand: a new name and colour, and icons drawn from the uploaded logo inside a maskable icon's safe zone", async () => {
    const admin = await buildAdmin(t.db);
    const before = await getManifest();
    const oldIcons: Manifest = before.json();
    const logoUrl = await uploadLogo(admin.token, await wideLogo('#f59e0b'));
    await saveBrand(admin.token, { siteName: 'Quiet Harbour Sangha', logoUrl, accentColor: '#1d4ed8' });

    const after = await getManifest({ 'if-none-match': `${before.headers.etag}` });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const manifest: Manifest = after.json();
    expect([manifest.name, manifest.short_name, manifest.theme_color]).toEqual([
      'Quiet Harbour Sangha',
      'Quiet',
      '#1d4ed8',
    ]);
    // new icon URLs: an installed app's cached icons are not reused
    expect(manifest.icons[0]!.src).not.toBe(oldIcons.icons[0]!.src);

    const icon = async (name: AppIconName) =>
      pixels((await t.app.inject({ method: 'GET', url: `/app-icons/${name}` })).rawPayload);
    const amber = [245, 158, 11, 255];
    // 'any': the logo alone, as wide as the icon, transparent above and below it
    const any = await icon('icon-512.png');
    expect(near(any.at(256, 256), amber)).toBe(true);
    expect(near(any.at(20, 256), amber)).toBe(true);
    expect(any.at(256, 20)[3]).toBe(0);
    // maskable: the brand colour to the corners, the logo only inside the circle of 40 % radius
    const maskable = await icon('maskable-512.png');
    const blue = [29, 78, 216, 255];
    expect(near(maskable.at(0, 0), blue)).toBe(true);
    expect(near(maskable.at(256, 256), amber)).toBe(true);
    for (let y = 0; y < 512; y += 4) {
      for (let x = 0; x < 512; x += 4) {
        if (near(maskable.at(x, y), blue)) continue;
        expect(Math.hypot(x - 255.5, y - 255.5), `logo pixel at ${x},${y}`).toBeLessThanOrEqual(0.4 * 512);
      }
    }
    const favicon = await icon('favicon-32.png');
    expect(near(favicon.at(16, 16), amber)).toBe(true);
  });

  it('puts a logo that would not stand out on the brand colour on a white tile', async () => {
    const admin = await buildAdmin(t.db);
    const logoUrl = await uploadLogo(admin.token, await wideLogo('#1e40af'));
    await saveBrand(admin.token, { siteName: 'Blue on Blue', logoUrl, accentColor: '#1d4ed8' });
    const apple = await pixels(
      (await t.app.inject({ method: 'GET', url: '/app-icons/apple-touch-icon.png' })).rawPayload,
    );
    expect(near(apple.at(0, 0), [255, 255, 255, 255])).toBe(true);
    expect(near(apple.at(90, 90), [30, 64, 175, 255])).toBe(true);
  });

  it('stands the mark in for a logo it cannot read, and does not let browsers keep it', async () => {
    const admin = await buildAdmin(t.db);
    await saveBrand(admin.token, {
      siteName: 'Gone Logo',
      logoUrl: '/images/0b7c3c5e-8a54-4d3c-9a0e-7f1f2d3c4b5a.png',
      accentColor: '#15803d',
    });
    const manifest: Manifest = (await getManifest()).json();
    const res = await t.app.inject({ method: 'GET', url: manifest.icons[3]!.src });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const maskable = await pixels(res.rawPayload);
    expect(near(maskable.at(0, 0), [...rgb('#15803d'), 255])).toBe(true);
  });
});
