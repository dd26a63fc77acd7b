import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { playbackPositions } from '../../db/schema';
import {
  buildAdmin,
  buildContent,
  buildFacilitator,
  buildSubscription,
  buildTier,
  buildUser,
} from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (id: string) => `/api/app/playback-position/${id}`;

/** A facilitator's tier with a 40-minute recording released today, and a member subscribed to it. */
async function recordingAndListener() {
  const facilitator = await buildFacilitator(t.db);
  const tier = await buildTier(t.db, facilitator.user.id);
  const recording = await buildContent(t.db, facilitator.user.id, [tier.id], {
    title: 'Long body scan',
    media: 'recording.wav',
    fileType: 'audio',
  });
  const member = await buildUser(t.db);
  await buildSubscription(t.db, member.user.id, tier.id);
  return { facilitator, tier, recording, member };
}

const rowsOf = (userId: string, contentId: string) =>
  t.db
    .select()
    .from(playbackPositions)
    .where(and(eq(playbackPositions.userId, userId), eq(playbackPositions.contentId, contentId)));

describe('where a member stopped in a recording', () => {
  it('reads as the start until something is saved, then as the place saved, on any later read', async () => {
    const { recording, member } = await recordingAndListener();
    const before = await call(t.app, 'GET', url(recording.id), undefined, member.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      content: recording.id,
      position: 0,
      duration: null,
      resumeAt: 0,
      finished: false,
      updatedAt: null,
    });

    const saved = await call(t.app, 'PUT', url(recording.id), { position: 754.25, duration: 2400 }, member.token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ position: 754.25, duration: 2400, resumeAt: 754.25, finished: false });

    // another device of the same member (a second sign-in) reads the same place
    const again = await call(t.app, 'GET', url(recording.id), undefined, member.token);
    expect(again.json()).toMatchObject({ content: recording.id, position: 754.25, resumeAt: 754.25 });
    expect(again.json().updatedAt).toEqual(saved.json().updatedAt);
  });

  it('keeps one row per member and item, the latest save winning', async () => {
    const { recording, member } = await recordingAndListener();
    for (const position of [10, 20, 15])
      await call(t.app, 'PUT', url(recording.id), { position, duration: 2400 }, member.token);
    const rows = await rowsOf(member.user.id, recording.id);
    expect(rows.map((r) => r.positionSeconds)).toEqual([15]);
  });

  it('starts a finished item again at 0: stopped within the last few seconds', async () => {
    const { recording, member } = await recordingAndListener();
    const nearEnd = await call(t.app, 'PUT', url(recording.id), { position: 2396, duration: 2400 }, member.token);
    expect(nearEnd.json()).toMatchObject({ position: 2396, resumeAt: 0, finished: true });
    const atEnd = await call(t.app, 'PUT', url(recording.id), { position: 2400, duration: 2400 }, member.token);
    expect(atEnd.json()).toMatchObject({ resumeAt: 0, finished: true });
    const before = await call(t.app, 'PUT', url(recording.id), { position: 2394, duration: 2400 }, member.token);
    expect(before.json()).toMatchObject({ resumeAt: 2394, finished: false });
  });

  it("never answers another member's place: each reads their own", async () => {
    const { tier, recording, member } = await recordingAndListener();
    const other = await buildUser(t.db);
    await buildSubscription(t.db, other.user.id, tier.id);
    await call(t.app, 'PUT', url(recording.id), { position: 300, duration: 2400 }, member.token);

    const theirs = await call(t.app, 'GET', url(recording.id), undefined, other.token);
    expect(theirs.json()).toMatchObject({ position: 0, resumeAt: 0, updatedAt: null });
    await call(t.app, 'PUT', url(recording.id), { position: 60, duration: 2400 }, other.token);
    expect((await call(t.app, 'GET', url(recording.id), undefined, member.token)).json().position).toBe(300);
  });
});

describe('who may keep a place in an item (whoever may see it)', () => {
  it('the owner and an admin may; a visitor is 401', async () => {
    const { recording, facilitator } = await recordingAndListener();
    const admin = await buildAdmin(t.db);
    for (const who of [facilitator, admin]) {
      const res = await call(t.app, 'PUT', url(recording.id), { position: 5, duration: 2400 }, who.token);
      expect(res.statusCode).toBe(200);
      expect((await rowsOf(who.user.id, recording.id)).length).toBe(1);
    }
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(
        t.app,
        method,
        url(recording.id),
        method === 'PUT' ? { position: 5, duration: 9 } : undefined,
      );
      expect(res.statusCode).toBe(401);
    }
  });

  it('a member without the tier, another facilitator, and a subscriber before the release get 404 and write nothing', async () => {
    const { recording, facilitator, tier } = await recordingAndListener();
    const stranger = await buildUser(t.db);
    const otherFacilitator = await buildFacilitator(t.db);
    // queued second: released to a member who subscribed today only tomorrow
    const tomorrow = await buildContent(t.db, facilitator.user.id, [tier.id], {
      media: 'later.wav',
      fileType: 'audio',
    });
    const early = await buildUser(t.db);
    await buildSubscription(t.db, early.user.id, tier.id);

    for (const [who, item] of [
      [stranger, recording],
      [otherFacilitator, recording],
      [early, tomorrow],
    ] as const) {
      const put = await call(t.app, 'PUT', url(item.id), { position: 5, duration: 2400 }, who.token);
      expect(put.statusCode).toBe(404);
      expect(put.json().error).toBe('content_not_found');
      const get = await call(t.app, 'GET', url(item.id), undefined, who.token);
      expect(get.statusCode).toBe(404);
      expect((await rowsOf(who.user.id, item.id)).length).toBe(0);
    }
  });

  it('an item that does not exist is 404, one without media 400 nothing_to_play', async () => {
    const { facilitator, tier, member } = await recordingAndListener();
    const missing = await call(
      t.app,
      'PUT',
      url('00000000-0000-4000-8000-000000000000'),
      { position: 1, duration: 2 },
      member.token,
    );
    expect(missing.statusCode).toBe(404);

    const reading = await buildContent(t.db, facilitator.user.id, [tier.id], {
      queued: false,
      postNow: true,
      postedDate: new Date(),
    });
    const res = await call(t.app, 'PUT', url(reading.id), { position: 1, duration: 2 }, member.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'nothing_to_play' });
    expect((await rowsOf(member.user.id, reading.id)).length).toBe(0);
  });
});

describe('what a saved place must be', () => {
  it.each([
    ['a negative position', { position: -1, duration: 2400 }],
    ['a position beyond the duration', { position: 2400.5, duration: 2400 }],
    ['NaN (as JSON carries it: null)', { position: null, duration: 2400 }],
    ['NaN written as text', { position: 'NaN', duration: 2400 }],
    ['a zero duration', { position: 0, duration: 0 }],
    ['a negative duration', { position: 0, duration: -5 }],
    ['a duration over a day', { position: 0, duration: 86_401 }],
    ['no duration', { position: 10 }],
    ['no position', { duration: 10 }],
    ['a number as text', { position: '10', duration: 2400 }],
  ])('refuses %s with 400 invalid_input and writes nothing', async (_what, body) => {
    const { recording, member } = await recordingAndListener();
    const res = await call(t.app, 'PUT', url(recording.id), body, member.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
    expect((await rowsOf(member.user.id, recording.id)).length).toBe(0);
  });

  it('refuses an id that is not a uuid', async () => {
    const { member } = await recordingAndListener();
    const res = await call(t.app, 'PUT', url('not-an-id'), { position: 1, duration: 2 }, member.token);
    expect(res.statusCode).toBe(400);
  });
});
