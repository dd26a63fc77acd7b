import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mediaFiles } from '../../db/schema';
import { buildAdmin, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { uploadFile, wavTone } from '../../test/media';
import { QUOTA_MESSAGES } from './quota';

/** No uploads from unconfirmed accounts, and a quota per account (1 MB here). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ uploadQuotaMb: 1 });
});
afterAll(() => t.close());

const uploadMedia = (token: string, bytes: Buffer) => uploadFile(t.app, token, bytes, 'practice.wav');

describe('upload quotas', () => {
  it('refuses an unconfirmed account, for media and for images, storing nothing', async () => {
    const fresh = await buildUser(t.db, { emailConfirmed: false });
    const media = await uploadMedia(fresh.token, wavTone(1));
    expect(media.statusCode).toBe(403);
    expect(media.json()).toEqual({ error: 'email_not_confirmed', message: QUOTA_MESSAGES.unconfirmed });
    expect((await call(t.app, 'GET', '/api/image-upload-auth', undefined, fresh.token)).statusCode).toBe(403);
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, fresh.user.id))).toEqual([]);
  });

  it('stops an account at its quota with 413 and the reason; an admin has none', async () => {
    const sam = await buildUser(t.db);
    const clip = wavTone(10);
    const fits = Math.floor((1024 * 1024) / clip.length);
    expect(fits).toBeGreaterThan(0);
    for (let i = 0; i < fits; i++) expect((await uploadMedia(sam.token, clip)).statusCode).toBe(200);
    // the next one does not fit: refused while streaming (nothing left behind), then before reading
    const refused = await uploadMedia(sam.token, clip);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: 'upload_quota_full', message: QUOTA_MESSAGES.full(1) });
    const stored = await t.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, sam.user.id));
    expect(stored.reduce((n, f) => n + f.size, 0)).toBeLessThanOrEqual(1024 * 1024);
    const admin = await buildAdmin(t.db);
    for (let i = 0; i <= fits; i++) expect((await uploadMedia(admin.token, clip)).statusCode).toBe(200);
  });
});
