import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sessionBookings, sessionRecordings, sessionSeries, sessions } from '../../db/schema';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { uploadFile, wavTone } from '../../test/media';
import { recordingReadyText } from './recording';
import { bookFree, HOUR, hoursAhead, offerSession } from './test/helpers';

let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await startTestApp();
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** Puts the session's hour-long slot `hours` ago. */
const startAgo = (id: string, hours: number) =>
  t.db
    .update(sessions)
    .set({ startTime: new Date(Date.now() - hours * HOUR), endTime: new Date(Date.now() - hours * HOUR + HOUR) })
    .where(eq(sessions.id, id));

/**
 * Maya's session, booked by Sam, that ended an hour ago, and her recording: an audio item of a
 * tier of hers nobody holds, a draft (released to nobody by its tier).
 */
async function endedSession() {
  const maya = await buildFacilitator(t.db, { name: 'Maya Rivers' });
  const sam = await buildUser(t.db, { name: 'Sam Lee' });
  const stranger = await buildUser(t.db, { name: 'Ada Park' });
  const tier = await buildTier(t.db, maya.user.id, { name: 'Circle' });
  const uploaded = await uploadFile(t.app, maya.token, wavTone(1), 'recording.wav');
  expect(uploaded.statusCode).toBe(200);
  const media = uploaded.json().url as string;
  const item = await buildContent(t.db, maya.user.id, [tier.id], {
    title: 'Morning flow (recording)',
    queued: false,
    media,
    fileType: 'audio',
  });
  const session = await offerSession(t, maya.token, hoursAhead(48), { name: 'Morning flow', capacity: 5 });
  await bookFree(t, sam.token, session._id);
  await startAgo(session._id, 2);
  return { maya, sam, stranger, tier, item, media, id: session._id };
}

const attach = (token: string, id: string, body: Record<string, unknown>, app = t.app) =>
  call(app, 'PUT', `/api/app/facilitator/sessions/${id}/recording`, body, token);
const detach = (token: string, id: string) =>
  call(t.app, 'DELETE', `/api/app/facilitator/sessions/${id}/recording`, undefined, token);

/** Everything a member does with an item, each as the content API answers it. */
async function accessOf(token: string, itemId: string, media: string) {
  const history = (await call(t.app, 'GET', '/api/app/content-history', undefined, token)).json();
  const open = await call(t.app, 'GET', `/api/app/increase-content-hits/${itemId}`, undefined, token);
  const signed = await call(t.app, 'GET', `/api/app/get-signed-url/${media}`, undefined, token);
  const offline = (await call(t.app, 'POST', '/api/app/accessible-content', { content: [itemId] }, token)).json();
  return {
    inLibrary: (history.userContentHistory as { _id: string }[]).some((c) => c._id === itemId),
    open: open.statusCode,
    media: signed.statusCode,
    offline: (offline.accessible as string[]).includes(itemId),
  };
}
const SEES = { inLibrary: true, open: 200, media: 200, offline: true };
const BLIND = { inLibrary: false, open: 404, media: 403, offline: false };

const readyNotes = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (n) => n.type === 'recording',
  );

describe('attaching a recording', () => {
  it('the facilitator attaches her item; the booked member sees it in the library, opens it and its media', async () => {
    const { maya, sam, stranger, item, media, id } = await endedSession();
    expect(await accessOf(sam.token, item.id, media)).toEqual(BLIND);
    const res = await attach(maya.token, id, { contentId: item.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().recording).toMatchObject({ contentId: item.id, title: item.title, series: false, tierId: null });
    expect(await accessOf(sam.token, item.id, media)).toEqual(SEES);
    expect(await accessOf(stranger.token, item.id, media)).toEqual(BLIND);
    // the member's session answer links to it; a stranger's does not
    const mine = (await call(t.app, 'GET', `/api/app/session/${id}`, undefined, sam.token)).json();
    expect(mine.recording).toEqual({ contentId: item.id, title: item.title });
    // and the ended session is in their list of past sessions with a recording
    const past = (await call(t.app, 'GET', '/api/app/user/recorded-sessions', undefined, sam.token)).json();
    expect(past.map((s: { _id: string; recording: unknown }) => [s._id, s.recording])).toEqual([
      [id, { contentId: item.id, title: item.title }],
    ]);
    expect((await call(t.app, 'GET', '/api/app/user/recorded-sessions', undefined, stranger.token)).json()).toEqual([]);
    const theirs = (await call(t.app, 'GET', `/api/app/session/${id}`, undefined, stranger.token)).json();
    expect(theirs.recording).toBeUndefined();
    expect(
      (await call(t.app, 'GET', `/api/app/facilitator/sessions/${id}/recording`, undefined, maya.token)).json()
        .recording.contentId,
    ).toBe(item.id);
  });

  it('refuses a member and another facilitator (403 session_owner_only), and anyone before the start', async () => {
    const { maya, sam, item, id } = await endedSession();
    const other = await buildFacilitator(t.db);
    for (const token of [sam.token, other.token]) {
      const res = await attach(token, id, { contentId: item.id });
      expect([res.statusCode, res.json().error]).toEqual([403, 'session_owner_only']);
    }
    expect((await attach('', id, { contentId: item.id })).statusCode).toBe(401);
    const later = await offerSession(t, maya.token, hoursAhead(24));
    const early = await attach(maya.token, later._id, { contentId: item.id });
    expect([early.statusCode, early.json().error]).toEqual([400, 'recording_not_started']);
    expect(await t.db.select().from(sessionRecordings).where(eq(sessionRecordings.sessionId, later._id))).toEqual([]);
  });

  it("refuses another facilitator's item or tier, a missing item, and a series option off a series", async () => {
    const { maya, item, id } = await endedSession();
    const other = await buildFacilitator(t.db);
    const theirTier = await buildTier(t.db, other.user.id);
    const theirItem = await buildContent(t.db, other.user.id, [theirTier.id]);
    const notMine = await attach(maya.token, id, { contentId: theirItem.id });
    expect([notMine.statusCode, notMine.json().error]).toEqual([403, 'recording_not_own_content']);
    const tier = await attach(maya.token, id, { contentId: item.id, tierId: theirTier.id });
    expect([tier.statusCode, tier.json().error]).toEqual([403, 'recording_not_own_tier']);
    const gone = await attach(maya.token, id, { contentId: '00000000-0000-4000-8000-000000000000' });
    expect([gone.statusCode, gone.json().error]).toEqual([404, 'content_not_found']);
    const series = await attach(maya.token, id, { contentId: item.id, series: true });
    expect([series.statusCode, series.json().error]).toEqual([400, 'recording_not_in_series']);
    const bad = await attach(maya.token, id, { contentId: 'nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('shared with a tier: its active subscribers see it too', async () => {
    const { maya, stranger, item, media, id } = await endedSession();
    const plan = await buildTier(t.db, maya.user.id, { name: 'Members' });
    await buildSubscription(t.db, stranger.user.id, plan.id);
    expect((await attach(maya.token, id, { contentId: item.id, tierId: plan.id })).statusCode).toBe(200);
    expect(await accessOf(stranger.token, item.id, media)).toEqual(SEES);
  });

  it('shared with the series: a member who booked another occurrence sees it', async () => {
    const { maya, stranger, item, media, id } = await endedSession();
    const [series] = await t.db
      .insert(sessionSeries)
      .values({
        facilitatorId: maya.user.id,
        rrule: 'FREQ=WEEKLY;COUNT=2',
        timeZone: 'UTC',
        localStart: '2026-01-01T09:00',
        durationMinutes: 60,
        name: 'Morning flow',
        meetingUrl: 'https://meet.example.com/abc',
        lastDate: '2026-01-08',
        materialisedThrough: '2026-01-08',
      })
      .returning();
    const next = await offerSession(t, maya.token, hoursAhead(24 * 5), { capacity: 5 });
    await bookFree(t, stranger.token, next._id);
    await t.db.update(sessions).set({ seriesId: series!.id }).where(eq(sessions.id, id));
    await t.db
      .update(sessions)
      .set({ seriesId: series!.id, originalStart: new Date(Date.now() + 5 * 24 * HOUR) })
      .where(eq(sessions.id, next._id));
    expect((await attach(maya.token, id, { contentId: item.id })).statusCode).toBe(200);
    expect(await accessOf(stranger.token, item.id, media)).toEqual(BLIND);
    expect((await attach(maya.token, id, { contentId: item.id, series: true })).statusCode).toBe(200);
    expect(await accessOf(stranger.token, item.id, media)).toEqual(SEES);
  });

  it('a cancelled booking loses the access', async () => {
    const { maya, sam, item, media, id } = await endedSession();
    await attach(maya.token, id, { contentId: item.id });
    await t.db
      .update(sessionBookings)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(and(eq(sessionBookings.sessionId, id), eq(sessionBookings.memberId, sam.user.id)));
    expect(await accessOf(sam.token, item.id, media)).toEqual(BLIND);
  });

  it('detaching ends the extra access; the item stays', async () => {
    const { maya, sam, item, media, id } = await endedSession();
    await attach(maya.token, id, { contentId: item.id });
    expect(
      (await call(t.app, 'DELETE', `/api/app/facilitator/sessions/${id}/recording`, undefined, sam.token)).statusCode,
    ).toBe(403);
    expect((await detach(maya.token, id)).json()).toEqual({ detached: true });
    expect(await accessOf(sam.token, item.id, media)).toEqual(BLIND);
    expect((await call(t.app, 'GET', `/api/app/content/${item.id}`, undefined, maya.token)).statusCode).toBe(200);
    expect((await detach(maya.token, id)).json().error).toBe('recording_not_found');
    const mine = (await call(t.app, 'GET', `/api/app/session/${id}`, undefined, sam.token)).json();
    expect(mine.recording).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/app/user/recorded-sessions', undefined, sam.token)).json()).toEqual([]);
  });
});

describe('"Recording ready"', () => {
  it('goes to the booked members once, with attach called at once on two instances and again later', async () => {
    const { maya, sam, stranger, item, id } = await endedSession();
    const ada = await buildUser(t.db);
    await t.db
      .insert(sessionBookings)
      .values({ sessionId: id, memberId: ada.user.id, status: 'booked', bookedAt: new Date() });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => attach(maya.token, id, { contentId: item.id }, i % 2 ? second.app : t.app)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    await detach(maya.token, id);
    expect((await attach(maya.token, id, { contentId: item.id })).statusCode).toBe(200);
    for (const member of [sam, ada]) {
      const notes = await readyNotes(member.user.id);
      expect(notes.map((n) => [n.message, n.link])).toEqual([
        [recordingReadyText({ name: 'Morning flow' }), '/past-practices'],
      ]);
      expect(notes[0]!.mailPending).toBe(true);
    }
    expect(await readyNotes(stranger.user.id)).toEqual([]);
  });

  it('follows the member\'s setting: "Off" keeps the in-app note without a mail', async () => {
    const { maya, sam, item, id } = await endedSession();
    const set = await call(
      t.app,
      'POST',
      '/api/app/email-preferences',
      { type: 'recording', frequency: 'off' },
      sam.token,
    );
    expect(set.statusCode).toBe(200);
    await attach(maya.token, id, { contentId: item.id });
    const notes = await readyNotes(sam.user.id);
    expect(notes.map((n) => n.mailPending)).toEqual([false]);
  });
});
