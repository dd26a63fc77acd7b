import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '../../../common/sessions/schemas';
import { sessionBookings } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { listBookedSessionsOf } from './member-bookings';
import { hoursAhead, offerSession, sessionBody } from './test/helpers';

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

const booked = (sessionId: string) =>
  t.db
    .select()
    .from(sessionBookings)
    .where(and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.status, 'booked')));
const viewAs = async (token: string, id: string) =>
  (await call(t.app, 'GET', `/api/app/session/${id}`, undefined, token)).json();

describe('a group session', () => {
  it('50 members booking 10 places at once through two app instances: exactly 10 are booked, 40 hear it is full', async () => {
    const maya = await buildFacilitator(t.db);
    const session = await offerSession(t, maya.token, hoursAhead(48), { capacity: 10 });
    const members = await Promise.all(Array.from({ length: 50 }, (_, i) => buildUser(t.db, { name: `Member ${i}` })));
    const answers = await Promise.all(
      members.map((m, i) =>
        call(i % 2 ? second.app : t.app, 'POST', '/api/app/book-free-session', { sessionId: session._id }, m.token),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(40);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: 'session_full', message: SESSION_MESSAGES.full });
    }
    const rows = await booked(session._id);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.memberId)).size).toBe(10);
    const winner = members[answers.findIndex((a) => a.statusCode === 200)]!;
    expect(await viewAs(winner.token, session._id)).toMatchObject({
      capacity: 10,
      placesLeft: 0,
      isBooked: true,
      myBooking: 'booked',
      bookedByMe: true,
      meetingUrl: 'https://meet.example.com/abc',
    });
  });

  it('shows places left to members, and the booked members to the facilitator only', async () => {
    const maya = await buildFacilitator(t.db);
    const [sam, ann, lee] = await Promise.all([
      buildUser(t.db, { name: 'Sam' }),
      buildUser(t.db, { name: 'Ann' }),
      buildUser(t.db, { name: 'Lee' }),
    ]);
    const session = await offerSession(t, maya.token, hoursAhead(48), { capacity: 12 });
    for (const m of [sam, ann]) {
      expect(
        (await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: session._id }, m.token)).statusCode,
      ).toBe(200);
    }
    // the same member booking again is told they have their place
    const again = await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: session._id }, sam.token);
    expect(again.json().error).toBe('session_already_booked');

    const seenByLee = await viewAs(lee.token, session._id);
    expect(seenByLee).toMatchObject({
      capacity: 12,
      placesLeft: 10,
      isBooked: false,
      myBooking: null,
      meetingUrl: null,
    });
    expect(seenByLee.bookers).toBeUndefined();
    expect(seenByLee.bookedBy).toBeNull();
    const seenBySam = await viewAs(sam.token, session._id);
    expect(seenBySam).toMatchObject({
      myBooking: 'booked',
      bookedByMe: true,
      meetingUrl: 'https://meet.example.com/abc',
    });
    expect(seenBySam.bookers).toBeUndefined();
    const seenByMaya = await viewAs(maya.token, session._id);
    expect(seenByMaya.bookers.map((b: { name: string }) => b.name)).toEqual(['Sam', 'Ann']);
    // bookedBy names the booker of a one-place session only
    expect(seenByMaya.bookedBy).toBeNull();
  });

  it('a one-place session answers as it always did, with the new fields beside', async () => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db, { name: 'Sam' });
    const session = await offerSession(t, maya.token, hoursAhead(48));
    expect(await viewAs(sam.token, session._id)).toMatchObject({ capacity: 1, placesLeft: 1, isBooked: false });
    await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: session._id }, sam.token);
    const other = await buildUser(t.db);
    const refused = await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: session._id }, other.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('session_already_booked');
    expect(await viewAs(maya.token, session._id)).toMatchObject({
      isBooked: true,
      bookedByMe: false,
      placesLeft: 0,
      bookedBy: { _id: sam.user.id, name: 'Sam' },
      bookers: [{ _id: sam.user.id, name: 'Sam' }],
    });
  });

  it('keeps at least as many places as are booked, and 1 to 200 places', async () => {
    const maya = await buildFacilitator(t.db);
    const start = hoursAhead(48);
    const session = await offerSession(t, maya.token, start, { capacity: 3 });
    for (const m of [await buildUser(t.db), await buildUser(t.db)])
      await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: session._id }, m.token);
    const save = (capacity: unknown) =>
      call(t.app, 'POST', `/api/app/facilitator/sessions/${session._id}`, sessionBody(start, { capacity }), maya.token);
    const fewer = await save(1);
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json()).toEqual({ error: 'capacity_below_booked', message: SESSION_MESSAGES.capacityBelowBooked });
    expect((await save(2)).json()).toMatchObject({ capacity: 2, placesLeft: 0, isBooked: true });
    for (const bad of [0, 201, 2.5, 'many']) {
      const res = await save(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    expect((await viewAs(maya.token, session._id)).capacity).toBe(2);
  });

  it("takes a new session's cancellation window from the facilitator's latest one", async () => {
    const maya = await buildFacilitator(t.db);
    const defaults = () => call(t.app, 'GET', '/api/app/facilitator/session-defaults', undefined, maya.token);
    expect((await defaults()).json()).toEqual({ capacity: 1, cancellationHours: 24 });
    await offerSession(t, maya.token, hoursAhead(48), { cancellationHours: 6 });
    expect((await defaults()).json()).toEqual({ capacity: 1, cancellationHours: 6 });
    const next = await offerSession(t, maya.token, hoursAhead(50));
    expect((await viewAs(maya.token, next._id)).cancellationHours).toBe(6);
    const member = await buildUser(t.db);
    expect(
      (await call(t.app, 'GET', '/api/app/facilitator/session-defaults', undefined, member.token)).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/app/facilitator/session-defaults')).statusCode).toBe(401);
  });

  it("lists a member's booked sessions for a calendar feed: not a cancelled place, not someone else's", async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const [sam, ann] = [await buildUser(t.db), await buildUser(t.db)];
    const later = await offerSession(t, maya.token, hoursAhead(72), { capacity: 4, name: 'Later' });
    const sooner = await offerSession(t, maya.token, hoursAhead(30), { capacity: 4, name: 'Sooner' });
    const dropped = await offerSession(t, maya.token, hoursAhead(40), { capacity: 4, name: 'Dropped' });
    const annOnly = await offerSession(t, maya.token, hoursAhead(50), { name: 'Ann only' });
    for (const id of [later._id, sooner._id, dropped._id])
      await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: id }, sam.token);
    await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: annOnly._id }, ann.token);
    await call(t.app, 'POST', `/api/app/session/${dropped._id}/cancel-booking`, undefined, sam.token);
    const listed = await listBookedSessionsOf(t.db, sam.user.id, { from: new Date() });
    expect(listed.map((r) => [r.session.name, r.facilitator.name])).toEqual([
      ['Sooner', 'Maya'],
      ['Later', 'Maya'],
    ]);
    expect(await listBookedSessionsOf(t.db, sam.user.id, { from: new Date(), to: hoursAhead(48) })).toHaveLength(1);
  });
});
