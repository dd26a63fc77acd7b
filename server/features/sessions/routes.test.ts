import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SESSION_MESSAGES } from '../../../common/sessions/schemas';
import { checkoutSessions, sessionBookings, sessions } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const inDays = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * 24 * HOUR);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};
const sessionBody = (overrides: Record<string, unknown> = {}) => {
  const start = inDays(7);
  return {
    name: 'Breath coaching',
    description: 'One to one',
    price: 0,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + HOUR).toISOString(),
    meetingUrl: 'https://meet.example.com/abc',
    ...overrides,
  };
};
const addSession = async (token: string, overrides: Record<string, unknown> = {}) => {
  const res = await call(t.app, 'POST', '/api/app/facilitator/sessions', sessionBody(overrides), token);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const weekOf = (id: string, token: string) =>
  call(
    t.app,
    'GET',
    `/api/app/facilitator/${id}/sessions?from=${inDays(0, 0).toISOString()}&to=${inDays(14, 0).toISOString()}`,
    undefined,
    token,
  );
const bookFree = (token: string, sessionId: string) =>
  call(t.app, 'POST', '/api/app/book-free-session', { sessionId }, token);
const notices = async (token: string) =>
  (await call(t.app, 'GET', '/api/app/notifications', undefined, token))
    .json()
    .map((n: { message: string }) => n.message);

describe('offering sessions', () => {
  it('a facilitator adds one; members see it in the week without the meeting link; the owner sees the link', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const session = await addSession(maya.token);
    expect(session).toMatchObject({
      name: 'Breath coaching',
      price: 0,
      isBooked: false,
      isOwner: true,
      meetingUrl: 'https://meet.example.com/abc',
      facilitator: { name: 'Maya' },
    });
    const member = await buildUser(t.db);
    const week = (await weekOf(maya.user.id, member.token)).json();
    expect(week).toHaveLength(1);
    expect(week[0]).toMatchObject({ _id: session._id, meetingUrl: null, isOwner: false, bookedBy: null });
    const own = await call(
      t.app,
      'GET',
      `/api/app/facilitator/own/sessions?from=${inDays(0, 0).toISOString()}&to=${inDays(14, 0).toISOString()}`,
      undefined,
      maya.token,
    );
    expect(own.json()[0].meetingUrl).toBe('https://meet.example.com/abc');
  });

  it('pages a calendar window instead of stopping at a fixed count', async () => {
    const maya = await buildFacilitator(t.db);
    for (const hour of [9, 11, 13])
      await addSession(
        maya.token,
        sessionBody({ startTime: inDays(2, hour).toISOString(), endTime: inDays(2, hour + 1).toISOString() }),
      );
    const window = `from=${inDays(0, 0).toISOString()}&to=${inDays(14, 0).toISOString()}`;
    const first = await call(
      t.app,
      'GET',
      `/api/app/facilitator/own/sessions?${window}&limit=2`,
      undefined,
      maya.token,
    );
    expect(first.json()).toHaveLength(2);
    const cursor = first.headers['next-cursor'] as string;
    const rest = await call(
      t.app,
      'GET',
      `/api/app/facilitator/own/sessions?${window}&limit=2&cursor=${encodeURIComponent(cursor)}`,
      undefined,
      maya.token,
    );
    expect(rest.headers['next-cursor']).toBeUndefined();
    const starts = [...first.json(), ...rest.json()].map((s: { startTime: string }) =>
      new Date(s.startTime).getUTCHours(),
    );
    expect(starts).toEqual([9, 11, 13]);
  });

  it('refuses an end before the start, a non-web link, a window too wide, and members offering sessions', async () => {
    const maya = await buildFacilitator(t.db);
    const start = inDays(3);
    const backwards = await call(
      t.app,
      'POST',
      '/api/app/facilitator/sessions',
      sessionBody({ endTime: new Date(start.getTime() - HOUR).toISOString(), startTime: start.toISOString() }),
      maya.token,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain(SESSION_MESSAGES.endAfterStart);
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/app/facilitator/sessions',
          sessionBody({ meetingUrl: 'javascript:alert(1)' }),
          maya.token,
        )
      ).statusCode,
    ).toBe(400);
    const wide = await call(
      t.app,
      'GET',
      `/api/app/facilitator/own/sessions?from=${inDays(0).toISOString()}&to=${inDays(100).toISOString()}`,
      undefined,
      maya.token,
    );
    expect(wide.statusCode).toBe(400);
    const member = await buildUser(t.db);
    expect((await call(t.app, 'POST', '/api/app/facilitator/sessions', sessionBody(), member.token)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'POST', '/api/app/facilitator/sessions', sessionBody())).statusCode).toBe(401);
  });

  it('another facilitator can neither edit nor delete it', async () => {
    const maya = await buildFacilitator(t.db);
    const leo = await buildFacilitator(t.db);
    const session = await addSession(maya.token);
    const edit = await call(
      t.app,
      'POST',
      `/api/app/facilitator/sessions/${session._id}`,
      sessionBody({ _id: session._id, name: 'Taken' }),
      leo.token,
    );
    expect(edit.statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/app/delete-session/${session._id}`, undefined, leo.token)).statusCode).toBe(
      403,
    );
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, session._id));
    expect(row?.name).toBe('Breath coaching');
    // the owner can
    const renamed = await call(
      t.app,
      'POST',
      `/api/app/facilitator/sessions/${session._id}`,
      sessionBody({ _id: session._id, name: 'Breath clinic' }),
      maya.token,
    );
    expect(renamed.json().name).toBe('Breath clinic');
    expect((await call(t.app, 'GET', `/api/app/delete-session/${session._id}`, undefined, maya.token)).json()).toEqual({
      deleted: true,
    });
    expect((await weekOf(maya.user.id, maya.token)).json()).toEqual([]);
  });
});

describe('booking a free session', () => {
  it('gives the booker the link, tells both sides, and lists it under upcoming sessions', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const session = await addSession(maya.token);
    const sam = await buildUser(t.db, { name: 'Sam' });
    const booked = await bookFree(sam.token, session._id);
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toMatchObject({
      meetingUrl: 'https://meet.example.com/abc',
      session: { isBooked: true, bookedByMe: true },
    });
    const upcoming = (await call(t.app, 'GET', '/api/app/user-sessions', undefined, sam.token)).json();
    expect(upcoming.map((s: { _id: string; meetingUrl: string }) => [s._id, s.meetingUrl])).toEqual([
      [session._id, 'https://meet.example.com/abc'],
    ]);
    expect((await notices(maya.token)).some((m: string) => m.startsWith('Sam booked Breath coaching'))).toBe(true);
    expect((await notices(sam.token)).some((m: string) => m.startsWith('You booked Breath coaching with Maya'))).toBe(
      true,
    );
    // the owner sees who booked
    expect((await weekOf(maya.user.id, maya.token)).json()[0].bookedBy).toMatchObject({ name: 'Sam' });
  });

  it('never gives the meeting link to anyone but the booker and the owner', async () => {
    const maya = await buildFacilitator(t.db);
    const session = await addSession(maya.token);
    const [sam, other] = [await buildUser(t.db), await buildUser(t.db)];
    await bookFree(sam.token, session._id);
    const seen = (await weekOf(maya.user.id, other.token)).json()[0];
    expect(seen).toMatchObject({ isBooked: true, bookedByMe: false, meetingUrl: null, bookedBy: null });
    expect(
      JSON.stringify((await call(t.app, 'GET', `/api/app/session/${session._id}`, undefined, other.token)).json()),
    ).not.toContain('meet.example.com');
    expect((await call(t.app, 'GET', '/api/app/user-sessions', undefined, other.token)).json()).toEqual([]);
  });

  it('twenty parallel bookings of one session: exactly one succeeds, the rest hear it is taken', async () => {
    const maya = await buildFacilitator(t.db);
    const session = await addSession(maya.token);
    const members = await Promise.all(Array.from({ length: 20 }, () => buildUser(t.db)));
    const results = await Promise.all(members.map((m) => bookFree(m.token, session._id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.json().error).toBe('session_already_booked');
  });

  it('refuses my own session, a past one, a paid one, and an unknown id', async () => {
    const maya = await buildFacilitator(t.db);
    const own = await addSession(maya.token);
    expect((await bookFree(maya.token, own._id)).json().error).toBe('own_session');
    const past = await addSession(maya.token, {
      startTime: new Date(Date.now() - 2 * HOUR).toISOString(),
      endTime: new Date(Date.now() - HOUR).toISOString(),
    });
    const sam = await buildUser(t.db);
    expect((await bookFree(sam.token, past._id)).json().error).toBe('session_started');
    const paid = await addSession(maya.token, { price: 40 });
    expect((await bookFree(sam.token, paid._id)).json().error).toBe('paid_session_use_checkout');
    expect((await bookFree(sam.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await bookFree(sam.token, 'nope')).statusCode).toBe(400);
  });

  it('a cancelled booking tells the booker', async () => {
    const maya = await buildFacilitator(t.db);
    const session = await addSession(maya.token, { name: 'Sunday sit' });
    const sam = await buildUser(t.db);
    await bookFree(sam.token, session._id);
    await call(t.app, 'GET', `/api/app/delete-session/${session._id}`, undefined, maya.token);
    expect(
      (await notices(sam.token)).some((m: string) => m.includes('Sunday sit') && m.includes('was cancelled')),
    ).toBe(true);
  });
});

describe('booking a paid session', () => {
  const checkout = async (token: string, sessionId: string) => {
    const res = await call(t.app, 'POST', '/api/app/session/create-checkout-session', { sessionId }, token);
    return res;
  };
  const pay = (token: string, url: string) =>
    call(t.app, 'POST', `/api/test-mode/checkout/${url.split('/').pop()}/pay`, {}, token);

  it('is booked only when the payment completes, then shows the link', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const session = await addSession(maya.token, { price: 40, name: 'Deep dive' });
    const sam = await buildUser(t.db);
    const started = await checkout(sam.token, session._id);
    expect(started.statusCode).toBe(200);
    const page = (
      await call(t.app, 'GET', `/api/test-mode/checkout/${started.json().url.split('/').pop()}`, undefined, sam.token)
    ).json();
    expect(page).toMatchObject({ mode: 'payment', amount: 4000, description: 'Deep dive', facilitator: 'Maya' });
    expect((await call(t.app, 'GET', '/api/app/user-sessions', undefined, sam.token)).json()).toEqual([]);
    const paid = await pay(sam.token, started.json().url);
    expect(paid.json().url).toContain(`/subscription/${session._id}/success?session_id=cs_test_`);
    const upcoming = (await call(t.app, 'GET', '/api/app/user-sessions', undefined, sam.token)).json();
    expect(upcoming[0]).toMatchObject({ _id: session._id, meetingUrl: 'https://meet.example.com/abc' });
    // the payment is on the facilitator's earnings chart, as every paid amount is
    const revenue = (
      await call(t.app, 'GET', '/api/app/facilitator/revenue?period=week', undefined, maya.token)
    ).json();
    expect(revenue.buckets).toEqual([{ date: expect.any(String), tierId: 'Sessions', tier: 'Sessions', amount: 4000 }]);
  });

  it('holds the session while one member pays: a second checkout and a free booking wait', async () => {
    const maya = await buildFacilitator(t.db);
    const session = await addSession(maya.token, { price: 40 });
    const [sam, priya] = [await buildUser(t.db), await buildUser(t.db)];
    expect((await checkout(sam.token, session._id)).statusCode).toBe(200);
    const second = await checkout(priya.token, session._id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('session_being_booked');
    // the same member may reopen their own checkout
    expect((await checkout(sam.token, session._id)).statusCode).toBe(200);
  });

  it('a checkout completing after someone else booked is refunded and the member is told', async () => {
    const maya = await buildFacilitator(t.db);
    const session = await addSession(maya.token, { price: 40, name: 'Late one' });
    const [sam, priya] = [await buildUser(t.db), await buildUser(t.db)];
    const samCheckout = (await checkout(sam.token, session._id)).json();
    // Sam's hold expires while he dawdles; Priya checks out and pays first
    await t.db
      .update(sessionBookings)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(sessionBookings.sessionId, session._id));
    const priyaCheckout = (await checkout(priya.token, session._id)).json();
    await pay(priya.token, priyaCheckout.url);
    await pay(sam.token, samCheckout.url);

    const booked = await t.db
      .select()
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, session._id), eq(sessionBookings.status, 'booked')));
    expect(booked.map((b) => b.memberId)).toEqual([priya.user.id]);
    const samCheckoutId = samCheckout.url.split('/').pop();
    const [refunded] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, samCheckoutId));
    expect(refunded?.status).toBe('refunded');
    expect(
      (await notices(sam.token)).some(
        (m: string) => m.includes('Late one was booked by someone else') && m.includes('refunded'),
      ),
    ).toBe(true);
    expect((await call(t.app, 'GET', '/api/app/user-sessions', undefined, sam.token)).json()).toEqual([]);
  });

  it('refuses checkout for a free session and for a booked one', async () => {
    const maya = await buildFacilitator(t.db);
    const free = await addSession(maya.token);
    const sam = await buildUser(t.db);
    expect((await checkout(sam.token, free._id)).json().error).toBe('free_session_book_directly');
    await bookFree(sam.token, free._id);
    await t.db.update(sessions).set({ priceCents: 1000 }).where(eq(sessions.id, free._id));
    expect((await checkout((await buildUser(t.db)).token, free._id)).json().error).toBe('session_already_booked');
  });
});
