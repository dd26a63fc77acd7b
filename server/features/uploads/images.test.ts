import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { multipart, pngImage } from '../../test/media';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function authFor(token: string) {
  const res = await call(t.app, 'GET', '/api/image-upload-auth', undefined, token);
  expect(res.statusCode).toBe(200);
  return res.json() as { signature: string; token: string; expire: number };
}

async function upload(
  auth: { signature: string; token: string; expire: number },
  bytes: Buffer,
  extra: Record<string, string> = {},
) {
  const { publicKey } = (await call(t.app, 'GET', '/api/image-config')).json();
  const body = await multipart(
    {
      fileName: 'cover.png',
      publicKey,
      signature: auth.signature,
      expire: String(auth.expire),
      token: auth.token,
      ...extra,
    },
    { name: 'cover.png', bytes, type: 'image/png' },
  );
  return t.app.inject({ method: 'POST', url: '/api/images/upload', ...body });
}

const storedImages = () => {
  try {
    return readdirSync(join(t.app.ctx.config.storageDir, 'images'));
  } catch {
    return [];
  }
};

describe('the ImageKit-compatible image flow', () => {
  it('tells the client where to upload and where images live', async () => {
    expect((await call(t.app, 'GET', '/api/image-config')).json()).toEqual({
      urlEndpoint: '/images',
      publicKey: 'public_tend_builtin',
      uploadUrl: '/api/images/upload',
    });
  });

  it('hands out auth only to signed-in users', async () => {
    expect((await call(t.app, 'GET', '/api/image-upload-auth')).statusCode).toBe(401);
    const { token } = await buildUser(t.db);
    expect(await authFor(token)).toEqual({
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
      token: expect.any(String),
      expire: expect.any(Number),
    });
  });

  it('uploads with a valid signature and serves the image resized to xs and sm', async () => {
    const { token } = await buildUser(t.db);
    const res = await upload(await authFor(token), await pngImage(1200, 800));
    expect(res.statusCode).toBe(200);
    const { filePath } = res.json();
    expect(filePath).toMatch(/^\/[0-9a-f-]{36}\.png$/);

    const original = await t.app.inject({ method: 'GET', url: `/images${filePath}` });
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
    for (const [tr, width] of [
      ['w-100', 100],
      ['w-600', 600],
    ] as const) {
      const resized = await t.app.inject({ method: 'GET', url: `/images${filePath}?tr=${tr}` });
      expect(resized.statusCode).toBe(200);
      expect((await sharp(resized.rawPayload).metadata()).width).toBe(width);
    }
    // served again from the cache, same bytes
    const again = await t.app.inject({ method: 'GET', url: `/images${filePath}?tr=w-100` });
    expect((await sharp(again.rawPayload).metadata()).width).toBe(100);
  });

  it('keeps no EXIF (GPS, camera) in the public original, and turns it upright first', async () => {
    const { token } = await buildUser(t.db);
    // a photo as phones take them: EXIF with a place and a camera, stored sideways (orientation 6)
    const photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#88aa66' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(await authFor(token), photo, { fileName: 'beach.jpg' });
    expect(res.statusCode).toBe(200);
    const original = await t.app.inject({ method: 'GET', url: `/images${res.json().filePath}` });
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(original.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('refuses a reused token, a forged signature and an expired signature', async () => {
    const { token } = await buildUser(t.db);
    const auth = await authFor(token);
    const png = await pngImage(50, 50);
    expect((await upload(auth, png)).statusCode).toBe(200);
    const reused = await upload(auth, png);
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toMatchObject({ error: 'upload_token_used', message: expect.stringMatching(/already used/) });

    const fresh = await authFor(token);
    expect((await upload({ ...fresh, signature: 'f'.repeat(40) }, png)).statusCode).toBe(403);
    expect((await upload({ ...fresh, expire: Math.floor(Date.now() / 1000) - 10 }, png)).statusCode).toBe(403);
  });

  it('refuses files that are not images by their bytes, whatever their name, and stores nothing', async () => {
    const { token } = await buildUser(t.db);
    const before = storedImages().length;
    const res = await upload(await authFor(token), Buffer.from('%PDF-1.4 not an image at all, just text pretending'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'not_an_image', message: 'This file is not an image.' });
    expect(storedImages().length).toBe(before);
  });

  it('refuses 10,000,000 bytes or more with the product text and stores nothing', async () => {
    const { token } = await buildUser(t.db);
    const before = (await t.db.select().from(images)).length;
    const big = Buffer.concat([await pngImage(10, 10), Buffer.alloc(10_000_000)]);
    const res = await upload(await authFor(token), big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'image_too_big', message: 'File size too big. Images must be under 10mb' });
    expect((await t.db.select().from(images)).length).toBe(before);
  });

  it('names missing parameters like the ImageKit SDK', async () => {
    const { token } = await buildUser(t.db);
    const auth = await authFor(token);
    const noKey = await multipart(
      { fileName: 'a.png', signature: auth.signature, expire: String(auth.expire), token: auth.token },
      { name: 'a.png', bytes: await pngImage(5, 5) },
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/images/upload', ...noKey })).json().message).toBe(
      'Missing public key for upload',
    );
    const noFile = await multipart({ fileName: 'a.png', publicKey: 'public_tend_builtin' });
    expect((await t.app.inject({ method: 'POST', url: '/api/images/upload', ...noFile })).json().message).toBe(
      'Missing file parameter for upload',
    );
  });

  it('answers 404 for unknown images and 400 for odd paths', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/images/00000000-0000-4000-8000-000000000000.png' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/images/..%2Fapp-secret' })).statusCode).toBe(400);
  });
});
