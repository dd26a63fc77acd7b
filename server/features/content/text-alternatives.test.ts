import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTIONS_MAX_BYTES, TRANSCRIPT_MAX } from '../../../common/uploads/text-alternatives';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { uploadFile, wavTone } from '../../test/media';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nBreathe in slowly.\n\n00:00:01.500 --> 00:00:03.000\nAnd out.\n';

const upload = (token: string, bytes: Buffer, name: string) => uploadFile(t.app, token, bytes, name);

const signedUrl = (key: string, token: string) =>
  call(t.app, 'GET', `/api/app/get-signed-url/${key}`, undefined, token);

/** A facilitator with a tier, an uploaded audio practice and a captions file. */
async function practiceWithCaptions() {
  const facilitator = await buildFacilitator(t.db);
  const tier = await buildTier(t.db, facilitator.user.id);
  const media = (await upload(facilitator.token, wavTone(1), 'tone.wav')).json().url as string;
  const captions = (await upload(facilitator.token, Buffer.from(VTT), 'tone.vtt')).json().url as string;
  const save = (body: Record<string, unknown>, id = 'new') =>
    call(
      t.app,
      'POST',
      `/api/app/content/${id}`,
      { title: 'Tone', contentType: 'meditation', tiers: [tier.id], media, ...body },
      facilitator.token,
    );
  return { facilitator, tier, media, captions, save };
}

describe('captions uploads (POST app/upload)', () => {
  it('stores a WebVTT file as text/vtt, whatever its name', async () => {
    const { token } = await buildUser(t.db);
    const res = await upload(token, Buffer.from(`\uFEFF${VTT}`), 'captions.txt');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: expect.stringMatching(/\.vtt$/), fileType: 'document', contentType: 'text/vtt' });
  });

  it('refuses text that does not start with WEBVTT (415) and captions over 1 MB (413)', async () => {
    const { token } = await buildUser(t.db);
    const srt = await upload(token, Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHello\n'), 'c.vtt');
    expect(srt.statusCode).toBe(415);
    expect(srt.json().error).toBe('unsupported_media');
    const huge = Buffer.concat([Buffer.from(VTT), Buffer.alloc(CAPTIONS_MAX_BYTES, 'a')]);
    const big = await upload(token, huge, 'long.vtt');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'captions_too_large', message: 'A captions file can be up to 1 MB.' });
  });
});

describe('saving captions, transcript and alt text with content', () => {
  it('stores them with audio, answers them, and keeps them when an edit leaves them out', async () => {
    const { save, captions } = await practiceWithCaptions();
    const res = await save({ captions, transcript: '  Breathe in slowly. And out.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ captions, transcript: 'Breathe in slowly. And out.', fileType: 'audio' });

    const edited = await save({ title: 'Tone, again' }, res.json()._id);
    expect(edited.json()).toMatchObject({ title: 'Tone, again', captions, transcript: 'Breathe in slowly. And out.' });
    const cleared = await save({ captions: null, transcript: '' }, res.json()._id);
    expect(cleared.json()).toMatchObject({ captions: null, transcript: null });
  });

  it('refuses captions that are not a WebVTT upload, or someone else’s (400, 403)', async () => {
    const { save, media } = await practiceWithCaptions();
    expect((await save({ captions: media })).json().error).toBe('captions_not_webvtt');
    const other = await buildUser(t.db);
    const theirs = (await upload(other.token, Buffer.from(VTT), 'x.vtt')).json().url;
    const res = await save({ captions: theirs });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_own_upload');
  });

  it('refuses captions and a transcript without audio or video, and a transcript over the limit', async () => {
    const { save, captions } = await practiceWithCaptions();
    const noMedia = await save({ media: null, captions });
    expect(noMedia.statusCode).toBe(400);
    expect(noMedia.json().error).toBe('captions_without_media');
    const long = await save({ transcript: 'a'.repeat(TRANSCRIPT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('invalid_input');
  });

  it('stores alt text for an image and refuses alt text over 250 characters', async () => {
    const { save } = await practiceWithCaptions();
    const ok = await save({ media: null, altText: 'A candle on a wooden floor' });
    expect(ok.json()).toMatchObject({ altText: 'A candle on a wooden floor', captions: null });
    const long = await save({ media: null, altText: 'a'.repeat(251) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('invalid_input');
  });
});

describe('captions follow the media’s access (GET app/get-signed-url)', () => {
  it('serves captions to the owner and a subscriber the item is released to, as text/vtt', async () => {
    const { facilitator, tier, media, captions } = await practiceWithCaptions();
    await buildContent(t.db, facilitator.user.id, [tier.id], { media, fileType: 'audio', captions });
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id);
    for (const token of [facilitator.token, member.token]) {
      const res = await signedUrl(captions, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().contentType).toBe('text/vtt');
    }
    const file = await t.app.inject({ method: 'GET', url: (await signedUrl(captions, member.token)).json().signedUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt');
    expect(file.body).toBe(VTT);
  });

  it('serves captions from Tend itself when media comes from an S3 bucket, which a <track> could not load', async () => {
    const { facilitator, tier, media, captions } = await practiceWithCaptions();
    await buildContent(t.db, facilitator.user.id, [tier.id], { media, fileType: 'audio', captions });
    const storage = t.app.ctx.storage;
    const presign = storage.presign;
    // as S3 answers: a provider-signed URL on the bucket's own origin
    storage.presign = async (key) => `https://bucket.example.test/${key}?X-Amz-Signature=stand-in`;
    try {
      expect((await signedUrl(media, facilitator.token)).json().signedUrl).toMatch(
        /^https:\/\/bucket\.example\.test\//,
      );
      const track = (await signedUrl(captions, facilitator.token)).json().signedUrl as string;
      expect(track).toMatch(/^\/api\/files\//);
      const file = await t.app.inject({ method: 'GET', url: track });
      expect([file.statusCode, file.headers['content-type'], file.body]).toEqual([200, 'text/vtt', VTT]);
    } finally {
      storage.presign = presign;
    }
  });

  it('refuses a stranger and a subscriber the item is not released to yet (403)', async () => {
    const { facilitator, tier, media, captions } = await practiceWithCaptions();
    await buildContent(t.db, facilitator.user.id, [tier.id]); // Day 1
    await buildContent(t.db, facilitator.user.id, [tier.id], { media, fileType: 'audio', captions }); // Day 2
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id);
    const stranger = await buildUser(t.db);
    for (const token of [member.token, stranger.token]) {
      const res = await signedUrl(captions, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('file_access_denied');
    }
  });
});
