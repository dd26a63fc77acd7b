import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../db/schema';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { multipart, pngImage, uploadFile, wavTone } from '../../test/media';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const uploadMedia = (token: string, bytes: Buffer, name = 'practice.wav') => uploadFile(t.app, token, bytes, name);

const storedMedia = () => {
  try {
    return readdirSync(join(t.app.ctx.config.storageDir, 'media'));
  } catch {
    return [];
  }
};

/** A facilitator's audio practice: released to a subscriber from day 1 (position 0). */
async function audioPractice() {
  const facilitator = await buildFacilitator(t.db);
  const upload = await uploadMedia(facilitator.token, wavTone(1));
  const { url } = upload.json();
  const tier = await buildTier(t.db, facilitator.user.id);
  await buildContent(t.db, facilitator.user.id, [tier.id], { media: url, fileType: 'audio', title: 'Tone' });
  return { facilitator, tier, key: url as string };
}

describe('POST app/upload', () => {
  it('stores the file under a server-generated key with the type read from its bytes', async () => {
    const { token } = await buildUser(t.db);
    const res = await uploadMedia(token, wavTone(1), 'anything.txt');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      url: expect.stringMatching(/^[0-9a-f-]{36}\.wav$/),
      fileType: 'audio',
      contentType: expect.stringMatching(/audio\/(wav|x-wav|vnd\.wave)/),
    });
    const png = await uploadMedia(token, await pngImage(20, 20), 'clip.mp3');
    expect(png.json().fileType).toBe('image');
  });

  it('stores an image without its EXIF (GPS, camera)', async () => {
    const { token } = await buildUser(t.db);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1' } })
      .toBuffer();
    const res = await uploadMedia(token, photo, 'walk.jpg');
    expect(res.statusCode).toBe(200);
    const stored = readFileSync(join(t.app.ctx.config.storageDir, 'media', res.json().url));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('refuses a type it does not serve (415) and leaves nothing behind', async () => {
    const { token } = await buildUser(t.db);
    const before = { files: storedMedia().length, rows: (await t.db.select().from(mediaFiles)).length };
    const res = await uploadMedia(token, Buffer.from('#!/bin/sh\necho not media\n'.repeat(50)), 'song.mp3');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'unsupported_media', message: expect.stringMatching(/not supported/) });
    expect(storedMedia().length).toBe(before.files);
    expect((await t.db.select().from(mediaFiles)).length).toBe(before.rows);
  });

  it('refuses visitors and requests that are not multipart', async () => {
    const body = await multipart({}, { name: 'a.wav', bytes: wavTone(0.1) });
    expect((await t.app.inject({ method: 'POST', url: '/api/app/upload', ...body })).statusCode).toBe(401);
    const { token } = await buildUser(t.db);
    expect((await call(t.app, 'POST', '/api/app/upload', { file: 'x' }, token)).statusCode).toBe(400);
  });
});

describe('GET app/get-signed-url/{fileKey}', () => {
  it('gives the owner and a subscriber whose item is released an expiring URL that serves ranges', async () => {
    const { facilitator, tier, key } = await audioPractice();
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id);
    for (const token of [facilitator.token, member.token]) {
      const res = await call(t.app, 'GET', `/api/app/get-signed-url/${key}`, undefined, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        signedUrl: expect.stringMatching(/^\/api\/files\/.+\?exp=\d+&sig=/),
        contentType: expect.stringMatching(/^audio\//),
      });
    }
    const { signedUrl } = (await call(t.app, 'GET', `/api/app/get-signed-url/${key}`, undefined, member.token)).json();
    const whole = await t.app.inject({ method: 'GET', url: signedUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.subarray(0, 4).toString()).toBe('RIFF');

    const part = await t.app.inject({ method: 'GET', url: signedUrl, headers: { range: 'bytes=8-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-11/${whole.rawPayload.length}`);
    expect(part.rawPayload.toString()).toBe('WAVE');
    expect(
      (await t.app.inject({ method: 'GET', url: signedUrl, headers: { range: 'bytes=999999-' } })).statusCode,
    ).toBe(416);
  });

  it('refuses a member without a subscription, and one whose item is not released yet', async () => {
    const { facilitator, tier, key } = await audioPractice();
    const stranger = await buildUser(t.db);
    expect((await call(t.app, 'GET', `/api/app/get-signed-url/${key}`, undefined, stranger.token)).statusCode).toBe(
      403,
    );

    // a second item at queue position 1 releases on day 2: a member subscribed today must wait
    const second = (await uploadMedia(facilitator.token, wavTone(0.5))).json().url;
    await buildContent(t.db, facilitator.user.id, [tier.id], { media: second, fileType: 'audio' });
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id);
    expect((await call(t.app, 'GET', `/api/app/get-signed-url/${second}`, undefined, member.token)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'GET', `/api/app/get-signed-url/${key}`, undefined, member.token)).statusCode).toBe(200);
  });

  it('refuses a tampered or expired signature', async () => {
    const { facilitator, key } = await audioPractice();
    const { signedUrl } = (
      await call(t.app, 'GET', `/api/app/get-signed-url/${key}`, undefined, facilitator.token)
    ).json();
    // one character changed (always to another one: a signature may start with 'A' itself)
    const tampered = signedUrl.replace(/sig=(.)/, (_: string, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const expired = signedUrl.replace(/exp=\d+/, `exp=${Math.floor(Date.now() / 1000) - 1}`);
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown key and 400 for a malformed one', async () => {
    const { token } = await buildUser(t.db);
    expect(
      (await call(t.app, 'GET', '/api/app/get-signed-url/00000000-0000-4000-8000-000000000000.mp3', undefined, token))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', '/api/app/get-signed-url/..%2F..%2Fapp-secret', undefined, token)).statusCode,
    ).toBe(400);
  });
});
