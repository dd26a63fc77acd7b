import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sessionBookings, sessions } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { FEEDBACK_PROMPT_JOB, sendFeedbackPrompts } from './feedback';
import { bookFree, HOUR, hoursAhead, moveSession, offerSession, queuedJob } from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A group session Maya offers, booked by Sam and Ada; `startedHoursAgo` moves it into the past. */
async function bookedGroup(startedHoursAgo?: number) {
  const maya = await buildFacilitator(t.db, { name: 'Maya Rivers' });
  const sam = await buildUser(t.db, { name: 'Sam Lee' });
  const ada = await buildUser(t.db, { name: 'Ada Park' });
  const session = await offerSession(t, maya.token, hoursAhead(48), { name: 'Morning flow', capacity: 5 });
  await bookFree(t, sam.token, session._id);
  await bookFree(t, ada.token, session._id);
  if (startedHoursAgo !== undefined) await startAgo(session._id, startedHoursAgo);
  return { maya, sam, ada, id: session._id as string };
}
/** Puts the session's hour-long slot `hours` ago (its start; it ended if hours >= 1). */
const startAgo = (id: string, hours: number) =>
  t.db
    .update(sessions)
    .set({ startTime: new Date(Date.now() - hours * HOUR), endTime: new Date(Date.now() - hours * HOUR + HOUR) })
    .where(eq(sessions.id, id));
const mark = (token: string | undefined, id: string, memberId: string, attended: boolean | null) =>
  call(t.app, 'POST', `/api/app/facilitator/sessions/${id}/attendance`, { memberId, attended }, token);
const rate = (token: string, id: string, body: unknown) =>
  call(t.app, 'POST', `/api/app/session/${id}/feedback`, body, token);
const bookingOf = async (sessionId: string, memberId: string) =>
  (
    await t.db
      .select()
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.memberId, memberId)))
  )[0]!;
const promptsTo = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) =>
    n.message.startsWith('How was'),
  );

describe('marking attendance', () => {
  it('the facilitator marks attended and no-show once the session has started; the list shows it', async () => {
    const { maya, sam, ada, id } = await bookedGroup(0.5);
    expect((await mark(maya.token, id, sam.user.id, true)).json()).toMatchObject({ _id: sam.user.id, attended: true });
    expect((await mark(maya.token, id, ada.user.id, false)).statusCode).toBe(200);
    const list = (
      await call(t.app, 'GET', `/api/app/facilitator/sessions/${id}/attendance`, undefined, maya.token)
    ).json();
    expect(list.started).toBe(true);
    expect(list.members.map((m: { name: string; attended: boolean }) => [m.name, m.attended])).toEqual([
      ['Sam Lee', true],
      ['Ada Park', false],
    ]);
    expect((await bookingOf(id, sam.user.id)).attendedAt).not.toBeNull();
  });

  it('refuses the signed out, a member, another facilitator, and anyone before the start', async () => {
    const { maya, sam, id } = await bookedGroup();
    const other = await buildFacilitator(t.db);
    expect((await mark(undefined, id, sam.user.id, true)).statusCode).toBe(401);
    expect((await mark(sam.token, id, sam.user.id, true)).json().error).toBe('session_owner_only');
    expect((await mark(other.token, id, sam.user.id, true)).statusCode).toBe(403);
    const early = await mark(maya.token, id, sam.user.id, true);
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe('session_not_started');
    expect((await bookingOf(id, sam.user.id)).attended).toBeNull();
  });

  it('refuses bad input and members who hold no place', async () => {
    const { maya, id } = await bookedGroup(0.5);
    const stranger = await buildUser(t.db);
    const bad = await call(
      t.app,
      'POST',
      `/api/app/facilitator/sessions/${id}/attendance`,
      { attended: 'yes' },
      maya.token,
    );
    expect(bad.statusCode).toBe(400);
    expect((await mark(maya.token, id, stranger.user.id, true)).json().error).toBe('booker_not_found');
  });
});

describe('joining', () => {
  const join = (token: string | undefined, id: string) =>
    call(t.app, 'POST', `/api/app/session/${id}/joined`, undefined, token);

  it('a booked member joining during the session gets the link and is pre-filled as attended', async () => {
    const { sam, id } = await bookedGroup(0.25);
    const res = await join(sam.token, id);
    expect(res.json()).toEqual({ meetingUrl: 'https://meet.example.com/abc' });
    const booking = await bookingOf(id, sam.user.id);
    expect(booking.attended).toBe(true);
    expect(booking.joinedAt).not.toBeNull();
  });

  it("a join never overrides the facilitator's no-show mark", async () => {
    const { maya, sam, id } = await bookedGroup(0.25);
    await mark(maya.token, id, sam.user.id, false);
    await join(sam.token, id);
    expect((await bookingOf(id, sam.user.id)).attended).toBe(false);
  });

  it('a click days before the start answers the link but records nothing', async () => {
    const { sam, id } = await bookedGroup();
    expect((await join(sam.token, id)).statusCode).toBe(200);
    expect((await bookingOf(id, sam.user.id)).joinedAt).toBeNull();
  });

  it('keeps the link from anyone without a booked place, and the signed out', async () => {
    const { maya, id } = await bookedGroup(0.25);
    const stranger = await buildUser(t.db);
    const refused = await join(stranger.token, id);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('meet.example.com');
    expect((await join(undefined, id)).statusCode).toBe(401);
    expect((await join(maya.token, id)).json().meetingUrl).toBe('https://meet.example.com/abc');
  });
});

describe('"How was it?"', () => {
  it('booking queues one prompt job at the end; a moved session gets its own, the old one does nothing', async () => {
    const { maya, id } = await bookedGroup();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    const key = `feedback:${id}:${row!.endTime.toISOString()}`;
    const job = await queuedJob(t, FEEDBACK_PROMPT_JOB, key);
    expect(job?.startAfter.toISOString()).toBe(row!.endTime.toISOString());
    await moveSession(t, maya.token, id, hoursAhead(72));
    expect(await sendFeedbackPrompts(t.app.ctx, { sessionId: id, endISO: row!.endTime.toISOString() })).toEqual({
      skipped: 'session moved',
    });
  });

  it('prompts each attendee once, however often the job runs; not the no-shows', async () => {
    const { maya, sam, ada, id } = await bookedGroup(2);
    await mark(maya.token, id, sam.user.id, true);
    await mark(maya.token, id, ada.user.id, false);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    const job = { sessionId: id, endISO: row!.endTime.toISOString() };
    // marking after the end prompted Sam already; the job finds nobody left
    expect(await sendFeedbackPrompts(t.app.ctx, job)).toEqual({ prompted: 0 });
    expect(await sendFeedbackPrompts(t.app.ctx, job)).toEqual({ prompted: 0 });
    expect(await promptsTo(sam.user.id)).toHaveLength(1);
    expect(await promptsTo(ada.user.id)).toHaveLength(0);
    const cards = (await call(t.app, 'GET', '/api/app/user/feedback-prompts', undefined, sam.token)).json();
    expect(cards).toEqual([
      expect.objectContaining({ sessionId: id, name: 'Morning flow', facilitatorName: 'Maya Rivers' }),
    ]);
  });

  it('the end-of-session job prompts members who joined, once when run twice', async () => {
    const { sam, ada, id } = await bookedGroup(0.25);
    await call(t.app, 'POST', `/api/app/session/${id}/joined`, undefined, sam.token);
    await startAgo(id, 2);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    const job = { sessionId: id, endISO: row!.endTime.toISOString() };
    expect(await sendFeedbackPrompts(t.app.ctx, job)).toEqual({ prompted: 1 });
    expect(await sendFeedbackPrompts(t.app.ctx, job)).toEqual({ prompted: 0 });
    expect(await promptsTo(sam.user.id)).toHaveLength(1);
    expect(await promptsTo(ada.user.id)).toHaveLength(0);
  });

  it('a deleted session’s job does nothing', async () => {
    expect(
      await sendFeedbackPrompts(t.app.ctx, {
        sessionId: '00000000-0000-4000-8000-000000000000',
        endISO: new Date().toISOString(),
      }),
    ).toEqual({ skipped: 'session deleted' });
  });
});

describe('rating', () => {
  it('an attendee rates 1 to 5 once; the facilitator sees the average and the comments', async () => {
    const { maya, sam, ada, id } = await bookedGroup(2);
    await mark(maya.token, id, sam.user.id, true);
    await mark(maya.token, id, ada.user.id, true);
    for (const rating of [0, 6, 2.5, '4']) {
      const bad = await rate(sam.token, id, { rating });
      expect(bad.statusCode).toBe(400);
    }
    expect((await rate(sam.token, id, { rating: 5, comment: 'Lovely pace' })).json()).toEqual({ rated: true });
    expect((await rate(ada.token, id, { rating: 4 })).statusCode).toBe(200);
    const again = await rate(sam.token, id, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_rated');
    const feedback = (
      await call(t.app, 'GET', `/api/app/facilitator/sessions/${id}/feedback`, undefined, maya.token)
    ).json();
    expect(feedback).toEqual({
      average: 4.5,
      count: 2,
      comments: [{ name: 'Sam Lee', rating: 5, comment: 'Lovely pace' }],
    });
    expect((await call(t.app, 'GET', '/api/app/user/feedback-prompts', undefined, sam.token)).json()).toEqual([]);
    expect(
      (await call(t.app, 'GET', `/api/app/facilitator/sessions/${id}/feedback`, undefined, sam.token)).statusCode,
    ).toBe(403);
  });

  it('refuses no-shows, unmarked bookers, strangers, and a session not yet ended', async () => {
    const { maya, sam, ada, id } = await bookedGroup(2);
    const stranger = await buildUser(t.db);
    await mark(maya.token, id, sam.user.id, false);
    expect((await rate(sam.token, id, { rating: 3 })).json().error).toBe('not_an_attendee');
    expect((await rate(ada.token, id, { rating: 3 })).statusCode).toBe(404);
    expect((await rate(stranger.token, id, { rating: 3 })).statusCode).toBe(404);
    const running = await bookedGroup(0.25);
    await mark(running.maya.token, running.id, running.sam.user.id, true);
    const early = await rate(running.sam.token, running.id, { rating: 3 });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe('session_not_ended');
    expect((await bookingOf(id, sam.user.id)).rating).toBeNull();
  });
});
