import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_BRAND } from '../../../common/site/brand';
import { auditLog } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { loadBrand } from './brand';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const VALID = {
  siteName: 'Quiet Harbour',
  logoUrl: '/images/0b7c3c5e-8a54-4d3c-9a0e-7f1f2d3c4b5a.png',
  accentColor: '#1D4ED8',
  senderName: 'Quiet Harbour team',
  senderAddress: 'Hello@Quiet-Harbour.example',
  termsMarkdown: '# Terms\n\nBe kind.',
  privacyMarkdown: '',
  contactMarkdown: 'Write to [us](mailto:hello@quiet-harbour.example).',
};

describe('site settings', () => {
  it('answers the default brand and empty pages to a visitor before anything is saved', async () => {
    const site = await call(t.app, 'GET', '/api/site');
    expect(site.statusCode).toBe(200);
    expect(site.json()).toEqual({
      siteName: DEFAULT_BRAND.siteName,
      logoUrl: DEFAULT_BRAND.logoUrl,
      accentColor: DEFAULT_BRAND.accentColor,
    });
    for (const name of ['terms', 'privacy', 'contact']) {
      expect((await call(t.app, 'GET', `/api/site/page/${name}`)).json()).toEqual({ name, markdown: '' });
    }
    expect((await call(t.app, 'GET', '/api/site/page/cookies')).statusCode).toBe(400);
  });

  it('refuses Admin → Site settings to visitors (401) and to members and facilitators (403)', async () => {
    const [member, facilitator] = [await buildUser(t.db), await buildFacilitator(t.db)];
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', VALID],
    ] as const) {
      expect((await call(t.app, method, '/api/admin/site', body)).statusCode, `${method} as visitor`).toBe(401);
      const asMember = await call(t.app, method, '/api/admin/site', body, member.token);
      expect(asMember.statusCode, `${method} as member`).toBe(403);
      expect(asMember.json().error).toBe('admin_only');
      expect((await call(t.app, method, '/api/admin/site', body, facilitator.token)).statusCode).toBe(403);
    }
    expect((await loadBrand(t.db)).siteName).toBe(DEFAULT_BRAND.siteName);
  });

  it('lets an admin save every setting; the public brand, the pages and loadBrand follow, audited', async () => {
    const admin = await buildAdmin(t.db);
    const saved = await call(t.app, 'POST', '/api/admin/site', VALID, admin.token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      ...VALID,
      accentColor: '#1d4ed8',
      senderAddress: 'hello@quiet-harbour.example',
    });
    expect((await call(t.app, 'GET', '/api/admin/site', undefined, admin.token)).json()).toEqual(saved.json());

    expect((await call(t.app, 'GET', '/api/site')).json()).toEqual({
      siteName: 'Quiet Harbour',
      logoUrl: VALID.logoUrl,
      accentColor: '#1d4ed8',
    });
    expect((await call(t.app, 'GET', '/api/site/page/terms')).json()).toEqual({
      name: 'terms',
      markdown: VALID.termsMarkdown,
    });
    expect(await loadBrand(t.db)).toEqual({
      siteName: 'Quiet Harbour',
      logoUrl: VALID.logoUrl,
      accentColor: '#1d4ed8',
      senderName: 'Quiet Harbour team',
      senderAddress: 'hello@quiet-harbour.example',
    });

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.adminId, admin.user.id));
    expect(entry).toMatchObject({ action: 'update', targetType: 'site', targetId: null });
    expect(entry!.details).toMatchObject({
      name: 'Quiet Harbour',
      changes: {
        siteName: { from: 'Tend', to: 'Quiet Harbour' },
        accentColor: { from: '#15803d', to: '#1d4ed8' },
        termsMarkdown: { fromLength: 0, toLength: VALID.termsMarkdown.length },
      },
    });
    expect(entry!.details).not.toHaveProperty('changes.privacyMarkdown');
  });

  it('refuses a bad name, colour, sender or logo with 400 and a code, and changes nothing', async () => {
    const admin = await buildAdmin(t.db);
    const before = (await call(t.app, 'GET', '/api/admin/site', undefined, admin.token)).json();
    const refusals: Array<[Partial<typeof VALID>, string, string?]> = [
      [{ siteName: '   ' }, 'invalid_input', 'body.siteName'],
      [{ siteName: 'x'.repeat(61) }, 'invalid_input', 'body.siteName'],
      [{ siteName: 'Two\nlines' }, 'invalid_input', 'body.siteName'],
      [{ senderName: 'Evil\r\nBcc: x@y.z' }, 'invalid_input', 'body.senderName'],
      [{ accentColor: 'green' }, 'invalid_input', 'body.accentColor'],
      [{ accentColor: '#12345' }, 'invalid_input', 'body.accentColor'],
      [{ senderAddress: 'not-an-address' }, 'invalid_input', 'body.senderAddress'],
      [{ termsMarkdown: 'x'.repeat(50_001) }, 'invalid_input', 'body.termsMarkdown'],
      // white on yellow is 1.5:1, on the default green 5.0:1, on #16a34a 3.3:1
      [{ accentColor: '#facc15' }, 'accent_color_low_contrast'],
      [{ accentColor: '#16a34a' }, 'accent_color_low_contrast'],
      [{ logoUrl: 'https://tracker.example/pixel.png' }, 'logo_not_uploaded'],
      [{ logoUrl: '/images/../api/secret' }, 'logo_not_uploaded'],
      [{ logoUrl: 'javascript:alert(1)' }, 'logo_not_uploaded'],
    ];
    for (const [change, code, path] of refusals) {
      const res = await call(
        t.app,
        'POST',
        '/api/admin/site',
        { ...VALID, siteName: 'Changed', ...change },
        admin.token,
      );
      expect(res.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(res.json().error).toBe(code);
      if (path) expect(res.json().issues[0].path).toBe(path);
      else expect(res.json().message).toMatch(/contrast|Upload the logo/);
    }
    expect((await call(t.app, 'GET', '/api/admin/site', undefined, admin.token)).json()).toEqual(before);
  });

  it('lets the browser keep the brand and pages until a save changes them (ETag, 304)', async () => {
    const admin = await buildAdmin(t.db);
    const first = await call(t.app, 'GET', '/api/site');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: '/api/site', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await call(t.app, 'POST', '/api/admin/site', { ...VALID, siteName: 'Renamed' }, admin.token);
    const after = await t.app.inject({ method: 'GET', url: '/api/site', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().siteName).toBe('Renamed');

    const page = await call(t.app, 'GET', '/api/site/page/contact');
    const pageAgain = await t.app.inject({
      method: 'GET',
      url: '/api/site/page/contact',
      headers: { 'if-none-match': page.headers.etag as string },
    });
    expect(pageAgain.statusCode).toBe(304);
  });

  it('names the new site in the next mail: From, subject or body carry the saved name', async () => {
    const admin = await buildAdmin(t.db);
    await call(
      t.app,
      'POST',
      '/api/admin/site',
      { ...VALID, siteName: 'Lantern Court', senderName: '', senderAddress: '' },
      admin.token,
    );
    const { user } = await buildUser(t.db);
    await call(t.app, 'POST', '/api/auth/request-token', { email: user.email, confirmEmail: user.email });
    const mail = await t.mailbox.latest(user.email, /./);
    expect(mail.from).toMatch(/^"?Lantern Court"? </);
    expect(mail.html).toContain('Lantern Court');
    expect(mail.text).not.toMatch(/\bTend\b/);
  });
});
