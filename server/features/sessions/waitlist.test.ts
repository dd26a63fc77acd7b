import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, sessionBookings, sessions, sessionWaitlist } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { stripeStandIn } from '../../test/stripe-stand-in';
import { bookFree, HOUR, hoursAhead, offerSession, queuedJob } from './test/helpers';
import { lapseOffer, offerKey, promoteFromWaitlist, WAITLIST_OFFER_JOB } from './waitlist';

/**
 * A full session's waitlist: members join in order, and a freed place goes to the first in line
 * exactly once (booked for a free session, offered to pay for a paid one), on any app instance.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
const stand = stripeStandIn();
beforeAll(async () => {
  t = await startTestApp({
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: 'whsec_waitlist',
    stripeConnectWebhookSecret: 'whsec_connect',
    stripeApi: await stand.listen(),
  });
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
  await stand.close();
});

type Person = Awaited<ReturnType<typeof buildUser>>;
const join = (token: string | undefined, id: string, app = t.app) =>
  call(app, 'POST', `/api/app/session/${id}/waitlist`, undefined, token);
const leave = (token: string | undefined, id: string) =>
  call(t.app, 'DELETE', `/api/app/session/${id}/waitlist`, undefined, token);
const cancel = (token: string, id: string, app = t.app) =>
  call(app, 'POST', `/api/app/session/${id}/cancel-booking`, undefined, token);
const view = async (token: string, id: string) =>
  (await call(t.app, 'GET', `/api/app/session/${id}`, undefined, token)).json();
const bookedIds = async (sessionId: string) =>
  (
    await t.db
      .select({ memberId: sessionBookings.memberId })
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.status, 'booked')))
  )
    .map((r) => r.memberId)
    .sort();
const members = (n: number, prefix: string) =>
  Promise.all(Array.from({ length: n }, (_, i) => buildUser(t.db, { name: `${prefix} ${i + 1}` })));

/** A free session of `capacity` places, booked full by as many members. */
async function fullFreeSession(capacity: number, startsInHours = 48) {
  const maya = await buildFacilitator(t.db, { name: 'Maya Rivers' });
  const session = await offerSession(t, maya.token, hoursAhead(startsInHours), { capacity });
  const bookers = await members(capacity, 'Booker');
  for (const b of bookers) await bookFree(t, b.token, session._id);
  return { maya, sessionId: session._id, bookers };
}

describe('joining a waitlist', () => {
  it('a full session: members join in order and each sees their position; the facilitator sees the line', async () => {
    const { maya, sessionId } = await fullFreeSession(2);
    const [ana, ben, cy] = await members(3, 'Waiter');
    expect((await join(ana!.token, sessionId)).json()).toEqual({ waitlist: { position: 1, offeredUntil: null } });
    expect((await join(ben!.token, sessionId)).json()).toEqual({ waitlist: { position: 2, offeredUntil: null } });
    expect((await join(cy!.token, sessionId)).json()).toEqual({ waitlist: { position: 3, offeredUntil: null } });
    // joining twice answers the same place, and the database keeps one live entry per member
    expect((await join(ben!.token, sessionId)).json().waitlist.position).toBe(2);
    const rows = await t.db.select().from(sessionWaitlist).where(eq(sessionWaitlist.sessionId, sessionId));
    expect(rows).toHaveLength(3);
    await expect(
      t.db.insert(sessionWaitlist).values({ sessionId, memberId: ben!.user.id, status: 'waiting' }),
    ).rejects.toThrow();

    expect((await view(ben!.token, sessionId)).waitlist).toEqual({ position: 2, offeredUntil: null });
    expect((await view(ben!.token, sessionId)).waitlistLength).toBeUndefined();
    const owner = await view(maya.token, sessionId);
    expect(owner.waitlistLength).toBe(3);
    expect(owner.waiting.map((w: { name: string }) => w.name)).toEqual(['Waiter 1', 'Waiter 2', 'Waiter 3']);

    // leaving moves those behind up
    expect((await leave(ana!.token, sessionId)).json()).toEqual({ left: true });
    expect((await view(ben!.token, sessionId)).waitlist.position).toBe(1);
    expect((await view(cy!.token, sessionId)).waitlist.position).toBe(2);
    expect((await view(ana!.token, sessionId)).waitlist).toBeNull();
    const again = await leave(ana!.token, sessionId);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('waitlist_entry_not_found');
  });

  it('refuses: a session with a place left (book it), a booked member, the facilitator, signed out, a started session', async () => {
    const maya = await buildFacilitator(t.db);
    const session = await offerSession(t, maya.token, hoursAhead(48), { capacity: 2 });
    const [ana, ben] = await members(2, 'Member');
    const notFull = await join(ana!.token, session._id);
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json().error).toBe('session_not_full');
    await bookFree(t, ana!.token, session._id);
    await bookFree(t, ben!.token, session._id);
    const booked = await join(ana!.token, session._id);
    expect(booked.statusCode).toBe(409);
    expect(booked.json().error).toBe('session_already_booked');
    const own = await join(maya.token, session._id);
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toBe('own_session');
    expect((await join(undefined, session._id)).statusCode).toBe(401);
    expect((await leave(undefined, session._id)).statusCode).toBe(401);
    const unknown = await join(ana!.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);

    const started = await fullFreeSession(1, 1);
    await t.db
      .update(sessions)
      .set({ startTime: new Date(Date.now() - HOUR), endTime: new Date(Date.now() + HOUR) })
      .where(eq(sessions.id, started.sessionId));
    const late = await join(ana!.token, started.sessionId);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('session_started');
  });
});

describe('a one-to-one session booked by someone else', () => {
  it('has a waitlist like a full group session: joined, shown to the member, and its freed place booked for them', async () => {
    const { bookers, sessionId } = await fullFreeSession(1);
    const [ana] = await members(1, 'Solo');
    const seen = await view(ana!.token, sessionId);
    expect(seen).toMatchObject({ capacity: 1, isBooked: true, placesLeft: 0, waitlist: null });
    expect((await join(ana!.token, sessionId)).json()).toEqual({ waitlist: { position: 1, offeredUntil: null } });
    expect((await view(ana!.token, sessionId)).waitlist).toEqual({ position: 1, offeredUntil: null });
    // its booker cannot join their own place's line
    const own = await join(bookers[0]!.token, sessionId);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('session_already_booked');
    expect((await cancel(bookers[0]!.token, sessionId)).statusCode).toBe(200);
    expect(await bookedIds(sessionId)).toEqual([ana!.user.id]);
  });
});

describe('a freed place of a free session', () => {
  it('goes to the first in line, who is booked, told, and mailed the invitation', async () => {
    const { bookers, sessionId } = await fullFreeSession(1);
    const [ana, ben] = await members(2, 'Next');
    await join(ana!.token, sessionId);
    await join(ben!.token, sessionId);
    expect((await cancel(bookers[0]!.token, sessionId)).statusCode).toBe(200);
    expect(await bookedIds(sessionId)).toEqual([ana!.user.id]);
    const seen = await view(ana!.token, sessionId);
    expect(seen.myBooking).toBe('booked');
    expect(seen.waitlist).toBeNull();
    expect((await view(ben!.token, sessionId)).waitlist.position).toBe(1);
    const mail = await t.mailbox.latest(ana!.user.email, /^Booked: /);
    expect(mail.attachments.some((a) => a.filename.endsWith('.ics'))).toBe(true);
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, ana!.token)).json();
    expect(notes.some((n: { message: string }) => n.message.includes('you were next on the waitlist'))).toBe(true);
  });

  it('two members cancelling at once on two instances: exactly the first two in line are booked, once', async () => {
    const { bookers, sessionId } = await fullFreeSession(3);
    const line = await members(3, 'Line');
    for (const m of line) expect((await join(m.token, sessionId)).statusCode).toBe(200);
    const answers = await Promise.all([
      cancel(bookers[0]!.token, sessionId, t.app),
      cancel(bookers[1]!.token, sessionId, second.app),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await bookedIds(sessionId)).toEqual([bookers[2]!.user.id, line[0]!.user.id, line[1]!.user.id].sort());
    const live = await t.db
      .select()
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.status, 'booked')));
    expect(live).toHaveLength(3);
    expect((await view(line[2]!.token, sessionId)).waitlist.position).toBe(1);
    // running the promotion again finds no free place and moves nobody
    expect(await t.db.transaction((tx) => promoteFromWaitlist(tx, sessionId))).toEqual([]);
  });

  it('the facilitator removing a member, or raising the capacity, promotes the next in line', async () => {
    const { maya, bookers, sessionId } = await fullFreeSession(1);
    const [ana, ben] = await members(2, 'Up');
    await join(ana!.token, sessionId);
    await join(ben!.token, sessionId);
    const removed = await call(
      t.app,
      'POST',
      `/api/app/facilitator/sessions/${sessionId}/remove-booking`,
      { memberId: bookers[0]!.user.id },
      maya.token,
    );
    expect(removed.statusCode).toBe(200);
    expect(await bookedIds(sessionId)).toEqual([ana!.user.id]);
    const current = await view(maya.token, sessionId);
    const raised = await call(
      t.app,
      'POST',
      `/api/app/facilitator/sessions/${sessionId}`,
      {
        name: current.name,
        description: current.description,
        price: 0,
        startTime: current.startTime,
        endTime: current.endTime,
        meetingUrl: current.meetingUrl,
        capacity: 2,
      },
      maya.token,
    );
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await bookedIds(sessionId)).toEqual([ana!.user.id, ben!.user.id].sort());
    expect(raised.json().waitlistLength).toBe(0);
  });

  it('nobody is promoted into a session that has started', async () => {
    const { bookers, sessionId } = await fullFreeSession(1);
    const [ana] = await members(1, 'Late');
    await join(ana!.token, sessionId);
    const afterStart = new Date(Date.now() + 49 * HOUR);
    await t.db.delete(sessionBookings).where(eq(sessionBookings.memberId, bookers[0]!.user.id));
    expect(await t.db.transaction((tx) => promoteFromWaitlist(tx, sessionId, afterStart))).toEqual([]);
    expect(await bookedIds(sessionId)).toEqual([]);
  });
});

/** A paid session made full by booked rows (as completed payments leave them). */
async function fullPaidSession(capacity: number) {
  const maya = await buildFacilitator(t.db, { name: 'Maya Rivers' });
  const session = await offerSession(t, maya.token, hoursAhead(72), { price: 20, capacity });
  const bookers = await members(capacity, 'Payer');
  await t.db
    .insert(sessionBookings)
    .values(bookers.map((b) => ({ sessionId: session._id, memberId: b.user.id, status: 'booked' as const })));
  return { maya, sessionId: session._id, bookers };
}

const entryOf = async (sessionId: string, member: Person) =>
  (
    await t.db
      .select()
      .from(sessionWaitlist)
      .where(and(eq(sessionWaitlist.sessionId, sessionId), eq(sessionWaitlist.memberId, member.user.id)))
  )[0]!;

describe('a freed place of a paid session', () => {
  it('is offered to the first in line for two hours, they can pay at checkout, and a lapsed offer goes to the next', async () => {
    const { bookers, sessionId } = await fullPaidSession(1);
    const [ana, ben] = await members(2, 'Offer');
    await join(ana!.token, sessionId);
    await join(ben!.token, sessionId);
    const before = Date.now();
    expect((await cancel(bookers[0]!.token, sessionId)).statusCode).toBe(200);

    const offered = await entryOf(sessionId, ana!);
    expect(offered.status).toBe('offered');
    expect(offered.offerUntil!.getTime()).toBeGreaterThanOrEqual(before + 2 * HOUR - 1000);
    expect(offered.offerUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
    const seen = await view(ana!.token, sessionId);
    expect(seen.myBooking).toBe('held');
    expect(seen.waitlist).toEqual({ position: 0, offeredUntil: offered.offerUntil!.toISOString() });
    // the place is held for them: nobody else may take it
    expect((await view(ben!.token, sessionId)).placesLeft).toBe(0);
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, ana!.token)).json();
    expect(notes.some((n: { message: string }) => n.message.includes('is held for you until'))).toBe(true);
    const job = await queuedJob(t, WAITLIST_OFFER_JOB, offerKey(offered.id));
    expect(job?.startAfter.getTime()).toBe(offered.offerUntil!.getTime());

    // the checkout accepts their hold (and does not shorten it)
    const checkout = await call(t.app, 'POST', '/api/app/session/create-checkout-session', { sessionId }, ana!.token);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const [hold] = await t.db
      .select()
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.memberId, ana!.user.id)));
    expect(hold!.heldUntil!.getTime()).toBe(offered.offerUntil!.getTime());

    // the offer runs out unpaid: the hold ends and the next in line is offered the place
    const lapsed = await lapseOffer(t.app.ctx, { entryId: offered.id }, new Date(offered.offerUntil!.getTime() + 1000));
    expect(lapsed).toEqual({ lapsed: true, promoted: 1 });
    expect((await entryOf(sessionId, ana!)).status).toBe('lapsed');
    expect((await entryOf(sessionId, ben!)).status).toBe('offered');
    // the same job run again does nothing
    expect(await lapseOffer(t.app.ctx, { entryId: offered.id })).toEqual({ skipped: 'not offered' });
  });

  it('an offer ends an hour before the start when that comes first, and none is made once it started', async () => {
    const { bookers, sessionId } = await fullPaidSession(1);
    const start = Date.now() + 90 * 60_000;
    await t.db
      .update(sessions)
      .set({ startTime: new Date(start), endTime: new Date(start + HOUR) })
      .where(eq(sessions.id, sessionId));
    const [ana] = await members(1, 'Soon');
    await join(ana!.token, sessionId);
    expect((await cancel(bookers[0]!.token, sessionId)).statusCode).toBe(200);
    expect((await entryOf(sessionId, ana!)).offerUntil!.getTime()).toBe(start - HOUR);
  });
});

describe('a new price while a place is offered', () => {
  it('ends the hold at the old price, offers the place again to the same member at the new one, and the old checkout is voided', async () => {
    const { maya, bookers, sessionId } = await fullPaidSession(1);
    const [ana, ben] = await members(2, 'Reprice');
    await join(ana!.token, sessionId);
    await join(ben!.token, sessionId);
    expect((await cancel(bookers[0]!.token, sessionId)).statusCode).toBe(200);
    const first = await entryOf(sessionId, ana!);
    expect(first.status).toBe('offered');
    // Ana opens a checkout at the old price
    const opened = await call(t.app, 'POST', '/api/app/session/create-checkout-session', { sessionId }, ana!.token);
    expect(opened.statusCode, opened.body).toBe(200);
    const [oldCheckout] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.sessionId, sessionId));
    expect(oldCheckout!.amountCents).toBe(2000);
    const [oldHold] = await t.db
      .select()
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.status, 'held')));

    const current = await view(maya.token, sessionId);
    const repriced = await call(
      t.app,
      'POST',
      `/api/app/facilitator/sessions/${sessionId}`,
      {
        name: current.name,
        description: current.description,
        price: 30,
        startTime: current.startTime,
        endTime: current.endTime,
        meetingUrl: current.meetingUrl,
        capacity: 1,
      },
      maya.token,
    );
    expect(repriced.statusCode, repriced.body).toBe(200);

    // the old checkout is expired at the provider and its hold ended; a new hold is Ana's
    const [voided] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, oldCheckout!.id));
    expect(voided!.status).toBe('expired');
    const rows = await t.db
      .select()
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.memberId, ana!.user.id)));
    expect(rows.find((r) => r.id === oldHold!.id)!.status).toBe('cancelled');
    const live = rows.filter((r) => r.status === 'held');
    expect(live).toHaveLength(1);
    const again = await entryOf(sessionId, ana!);
    expect(again.status).toBe('offered');
    expect(again.offerUntil!.getTime()).toBeGreaterThanOrEqual(first.offerUntil!.getTime());
    expect(live[0]!.heldUntil!.getTime()).toBe(again.offerUntil!.getTime());
    expect((await entryOf(sessionId, ben!)).status).toBe('waiting');
    expect((await view(ben!.token, sessionId)).placesLeft).toBe(0);
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, ana!.token)).json();
    const messages = notes.map((n: { message: string }) => n.message);
    expect(messages.some((m: string) => m.includes('changed to $30') && m.includes('held for you again'))).toBe(true);
    // she is not also told her checkout was simply closed: the new offer says it all
    expect(messages.some((m: string) => m.includes('changed while you were paying'))).toBe(false);
    const job = await queuedJob(t, WAITLIST_OFFER_JOB, `${offerKey(again.id)}:${again.offerUntil!.toISOString()}`);
    expect(job?.startAfter.getTime()).toBe(again.offerUntil!.getTime());

    // the first offer's job, at its end, leaves the renewed offer alone
    const firstJob = { entryId: first.id, until: first.offerUntil!.toISOString() };
    expect(await lapseOffer(t.app.ctx, firstJob, new Date(first.offerUntil!.getTime() + 1000))).toEqual({
      skipped: 'offered again',
    });
    expect((await entryOf(sessionId, ana!)).status).toBe('offered');

    // her new checkout is at the new price
    const reopened = await call(t.app, 'POST', '/api/app/session/create-checkout-session', { sessionId }, ana!.token);
    expect(reopened.statusCode, reopened.body).toBe(200);
    const [fresh] = await t.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.sessionId, sessionId), eq(checkoutSessions.status, 'open')));
    expect(fresh!.amountCents).toBe(3000);
  });
});
