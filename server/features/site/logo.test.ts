import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { images } from '../../db/schema';
import { buildAdmin } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { multipart, pngImage } from '../../test/media';
import { deleteOrphanedUploads } from '../uploads/orphans';
import { DEFAULT_SITE_SETTINGS } from '../../../common/site/schemas';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the site logo', () => {
  it('is an image uploaded like any other, served at its URL, and kept by the orphaned-upload clean-up', async () => {
    const admin = await buildAdmin(t.db);
    const auth = (await call(t.app, 'GET', '/api/image-upload-auth', undefined, admin.token)).json();
    const { publicKey, urlEndpoint } = (await call(t.app, 'GET', '/api/image-config')).json();
    const body = await multipart(
      { fileName: 'logo.png', publicKey, signature: auth.signature, expire: String(auth.expire), token: auth.token },
      { name: 'logo.png', bytes: await pngImage(64, 64), type: 'image/png' },
    );
    const { filePath } = (await t.app.inject({ method: 'POST', url: '/api/images/upload', ...body })).json();
    const logoUrl = `${urlEndpoint}${filePath}`;

    const saved = await call(
      t.app,
      'POST',
      '/api/admin/site',
      { ...DEFAULT_SITE_SETTINGS, siteName: 'Quiet Harbour', logoUrl },
      admin.token,
    );
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(200);

    // a week later nothing else points at it: the logo still stays
    await t.db.update(images).set({ createdAt: sql`now() - interval '8 days'` });
    await deleteOrphanedUploads(t.db, t.app.ctx.storage);
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(200);
  });
});
