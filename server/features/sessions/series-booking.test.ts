import { and, eq } from 'drizzle-orm';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revenueEntries, seriesBookings, sessionBookings } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { handlePaymentEvent } from '../payments/events';

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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Occurrence = { _id: string; name: string; startTime: string; endTime: string };

/** A whole hour `days` days from now. */
const daysAhead = (days: number) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCMinutes(0, 0, 0);
  return at;
};

/** A daily series of `count` sessions from `start`, booking settings and other fields in `overrides`. */
async function offerSeries(token: string, start: Date, count: number, overrides: Record<string, unknown> = {}) {
  const res = await call(
    t.app,
    'POST',
    '/api/app/facilitator/session-series',
    {
      name: 'Morning flow',
      description: 'Daily class',
      price: 0,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
      meetingUrl: 'https://meet.example.com/flow',
      repeat: { frequency: 'daily', interval: 1, ends: { type: 'after', count } },
      wholeSeriesBooking: true,
      ...overrides,
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    _id: string;
    occurrences: Occurrence[];
    wholeSeriesBooking: boolean;
    seriesPayment: string;
    seriesPrice: number | null;
  };
}

const bookSeries = (token: string, id: string, app = t.app) =>
  call(app, 'POST', `/api/app/session-series/${id}/book`, undefined, token);
const offerOf = async (token: string, id: string) =>
  (await call(t.app, 'GET', `/api/app/session-series/${id}/booking`, undefined, token)).json();
const placesOf = (memberId: string, status: 'held' | 'booked' = 'booked') =>
  t.db
    .select()
    .from(sessionBookings)
    .where(and(eq(sessionBookings.memberId, memberId), eq(sessionBookings.status, status)));
const pay = (token: string, url: string) =>
  call(t.app, 'POST', `/api/test-mode/checkout/${url.split('/').pop()}/pay`, {}, token);
const revenueOf = (memberId: string) => t.db.select().from(revenueEntries).where(eq(revenueEntries.memberId, memberId));
/** The sum of a member's revenue entries: payments less refunds. */
const netRevenueOf = async (memberId: string) => (await revenueOf(memberId)).reduce((sum, e) => sum + e.amountCents, 0);
/** The member's one series booking row. */
const seriesBookingOf = async (memberId: string) =>
  (await t.db.select().from(seriesBookings).where(eq(seriesBookings.memberId, memberId)))[0];
const cancelSeriesBooking = (token: string, id: string) =>
  call(t.app, 'POST', `/api/app/session-series/${id}/cancel-booking`, {}, token);
/** The facilitator cancels one session of the series. */
const deleteOccurrence = (token: string, seriesId: string, sessionId: string) =>
  call(t.app, 'POST', `/api/app/facilitator/session-series/${seriesId}/delete`, { scope: 'this', sessionId }, token);

/**
 * Maya's daily series of `count` sessions paid for whole (4 places each, `price` dollars a
 * session unless `overrides` say otherwise), three days ahead unless `start` says otherwise, and
 * Sam, a member.
 */
async function paidSeries(count: number, overrides: Record<string, unknown> = {}, start = daysAhead(3)) {
  const maya = await buildFacilitator(t.db);
  const series = await offerSeries(maya.token, start, count, {
    price: 10,
    capacity: 4,
    seriesPayment: 'whole_series',
    ...overrides,
  });
  const sam = await buildUser(t.db);
  return { maya, series, sam };
}

/** The member starts the series checkout and pays it. */
async function bookAndPay(member: { token: string }, seriesId: string) {
  const started = await bookSeries(member.token, seriesId);
  expect(started.statusCode, started.body).toBe(200);
  expect((await pay(member.token, started.json().url)).statusCode).toBe(200);
}

describe('booking a whole free series', () => {
  it('takes a place in every remaining session, mails one invitation with the RRULE and EXDATE', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const series = await offerSeries(maya.token, daysAhead(2), 4, { capacity: 5 });
    expect(series).toMatchObject({ wholeSeriesBooking: true, seriesPayment: 'per_occurrence', seriesPrice: null });
    // the third session is cancelled: an EXDATE of the series
    const gone = series.occurrences[2]!;
    const deleted = await deleteOccurrence(maya.token, series._id, gone._id);
    expect(deleted.statusCode).toBe(200);
    const sam = await buildUser(t.db, { name: 'Sam Lee' });
    expect(await offerOf(sam.token, series._id)).toMatchObject({
      wholeSeriesBooking: true,
      remaining: 3,
      price: 0,
      paid: false,
      myBooking: null,
    });

    const res = await bookSeries(sam.token, series._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'booked', places: 3 });
    const places = await placesOf(sam.user.id);
    expect(places.map((p) => p.sessionId).sort()).toEqual(
      series.occurrences
        .filter((o) => o._id !== gone._id)
        .map((o) => o._id)
        .sort(),
    );
    expect(new Set(places.map((p) => p.seriesBookingId)).size).toBe(1);
    expect(await offerOf(sam.token, series._id)).toMatchObject({ myBooking: { status: 'booked', places: 3 } });
    // each session answers as booked for Sam
    const one = (await call(t.app, 'GET', `/api/app/session/${places[0]!.sessionId}`, undefined, sam.token)).json();
    expect(one).toMatchObject({ myBooking: 'booked', meetingUrl: 'https://meet.example.com/flow' });

    const mail = await t.mailbox.latest(sam.user.email, /^Booked: Morning flow \(3 sessions\)/);
    const attachment = mail.attachments.find((a) => a.filename === 'series.ics');
    expect(attachment).toBeDefined();
    const text = attachment!.content;
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain('RRULE:FREQ=DAILY');
    expect(text).toMatch(/EXDATE;TZID=[^:]+:\d{8}T\d{6}/);
    // another iCalendar reader sees the sessions without the cancelled one
    const parsed = Object.values(ical.sync.parseICS(text)).find((c) => c?.type === 'VEVENT') as ical.VEvent;
    expect(parsed.rrule).toBeDefined();
    const starts = parsed.rrule!.all().map((d) => d.getTime());
    expect(starts).toHaveLength(4);
    expect(text.match(/^EXDATE/gm)).toHaveLength(1);
    // the cancelled session's start is an exception of the rule
    const exdates = Object.values(parsed.exdate ?? {}).map((d) => new Date(d as Date).getTime());
    expect(exdates).toContain(new Date(gone.startTime).getTime());

    // Add to calendar: the same event, to the booker (and the facilitator) only
    const download = await call(
      t.app,
      'GET',
      `/api/app/session-series/${series._id}/booking.ics`,
      undefined,
      sam.token,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/calendar');
    expect(download.body).toContain('RRULE:FREQ=DAILY');
    const priya = await buildUser(t.db);
    const refused = await call(
      t.app,
      'GET',
      `/api/app/session-series/${series._id}/booking.ics`,
      undefined,
      priya.token,
    );
    expect(refused.statusCode).toBe(404);
    // the account export holds the series booking
    const exported = (await call(t.app, 'GET', '/api/app/account/export', undefined, sam.token)).json();
    expect(exported.seriesBookings).toEqual([expect.objectContaining({ seriesId: series._id, status: 'booked' })]);
  });

  it('books nothing when one session is full, and names it (409)', async () => {
    const maya = await buildFacilitator(t.db);
    const series = await offerSeries(maya.token, daysAhead(2), 3, { capacity: 1 });
    const ann = await buildUser(t.db);
    const full = series.occurrences[1]!;
    expect(
      (await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: full._id }, ann.token)).statusCode,
    ).toBe(200);
    const sam = await buildUser(t.db);
    const res = await bookSeries(sam.token, series._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'series_occurrence_full', sessionId: full._id });
    expect(res.json().message).toContain('Morning flow');
    expect(await placesOf(sam.user.id)).toEqual([]);
    expect(await seriesBookingOf(sam.user.id)).toBeUndefined();
  });

  it('20 members booking a series of 3-place sessions at once on two instances: exactly 3 get it', async () => {
    const maya = await buildFacilitator(t.db);
    const series = await offerSeries(maya.token, daysAhead(3), 3, { capacity: 3 });
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => buildUser(t.db, { name: `Member ${i}` })));
    const answers = await Promise.all(
      members.map((m, i) => bookSeries(m.token, series._id, i % 2 ? second.app : t.app)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json().error).toBe('series_occurrence_full');
    for (const occurrence of series.occurrences) {
      const rows = await t.db
        .select()
        .from(sessionBookings)
        .where(and(eq(sessionBookings.sessionId, occurrence._id), eq(sessionBookings.status, 'booked')));
      expect(rows).toHaveLength(3);
    }
    const live = await t.db
      .select()
      .from(seriesBookings)
      .where(and(eq(seriesBookings.seriesId, series._id), eq(seriesBookings.status, 'booked')));
    expect(live).toHaveLength(3);
  });

  it('refuses its facilitator, a visitor, a series booked one at a time, a paid per-session series and a second booking', async () => {
    const maya = await buildFacilitator(t.db);
    const series = await offerSeries(maya.token, daysAhead(2), 2, { capacity: 4 });
    expect((await bookSeries(maya.token, series._id)).json()).toMatchObject({ error: 'own_session' });
    expect((await bookSeries(maya.token, series._id)).statusCode).toBe(400);
    expect((await call(t.app, 'POST', `/api/app/session-series/${series._id}/book`)).statusCode).toBe(401);
    const sam = await buildUser(t.db);
    const unknown = await bookSeries(sam.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const single = await offerSeries(maya.token, daysAhead(2), 2, { wholeSeriesBooking: false });
    const off = await bookSeries(sam.token, single._id);
    expect(off.statusCode).toBe(400);
    expect(off.json().error).toBe('series_booking_off');
    const perSession = await offerSeries(maya.token, daysAhead(2), 2, { price: 20 });
    const paidApart = await bookSeries(sam.token, perSession._id);
    expect(paidApart.statusCode).toBe(400);
    expect(paidApart.json().error).toBe('series_pay_per_session');
    expect((await bookSeries(sam.token, series._id)).statusCode).toBe(200);
    const again = await bookSeries(sam.token, series._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('series_already_booked');
    // the facilitator turns series booking on later (an edit of every session)
    const turnedOn = await call(
      t.app,
      'POST',
      `/api/app/facilitator/session-series/${single._id}/edit`,
      {
        name: 'Morning flow',
        description: 'Daily class',
        price: 0,
        startTime: single.occurrences[0]!.startTime,
        endTime: single.occurrences[0]!.endTime,
        meetingUrl: 'https://meet.example.com/flow',
        sessionId: single.occurrences[0]!._id,
        scope: 'this',
        wholeSeriesBooking: true,
      },
      maya.token,
    );
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    expect((await bookSeries(sam.token, single._id)).statusCode).toBe(200);
  });

  it('a member who booked the series gets a place in sessions the series gains later', async () => {
    const maya = await buildFacilitator(t.db);
    const series = await offerSeries(maya.token, daysAhead(2), 2, { capacity: 2 });
    const sam = await buildUser(t.db);
    expect((await bookSeries(sam.token, series._id)).statusCode).toBe(200);
    const first = series.occurrences[0]!;
    const longer = await call(
      t.app,
      'POST',
      `/api/app/facilitator/session-series/${series._id}/edit`,
      {
        name: 'Morning flow',
        description: 'Daily class',
        price: 0,
        startTime: first.startTime,
        endTime: first.endTime,
        meetingUrl: 'https://meet.example.com/flow',
        sessionId: first._id,
        scope: 'all',
        repeat: { frequency: 'daily', interval: 1, ends: { type: 'after', count: 4 } },
      },
      maya.token,
    );
    expect(longer.statusCode, longer.body).toBe(200);
    expect(await placesOf(sam.user.id)).toHaveLength(4);
    expect(await offerOf(sam.token, series._id)).toMatchObject({ myBooking: { status: 'booked', places: 4 } });
  });

  it('cancelling the series booking frees every remaining place', async () => {
    const maya = await buildFacilitator(t.db);
    const series = await offerSeries(maya.token, daysAhead(2), 3, { capacity: 1 });
    const sam = await buildUser(t.db);
    expect((await bookSeries(sam.token, series._id)).statusCode).toBe(200);
    const cancelled = await cancelSeriesBooking(sam.token, series._id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ cancelled: true, places: 3, refunded: 0 });
    expect(await placesOf(sam.user.id)).toEqual([]);
    const again = await cancelSeriesBooking(sam.token, series._id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('series_booking_not_found');
    // the places are free for someone else
    const priya = await buildUser(t.db);
    expect((await bookSeries(priya.token, series._id)).statusCode).toBe(200);
  });
});

describe('booking a whole paid series in one payment', () => {
  it('holds every place, opens one checkout, and the payment books them all', async () => {
    const { series, sam } = await paidSeries(3, { price: 20 });
    expect(await offerOf(sam.token, series._id)).toMatchObject({ remaining: 3, price: 60, paid: true });
    const started = await bookSeries(sam.token, series._id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'checkout',
      places: 3,
      url: expect.stringContaining('/test-mode/'),
    });
    expect(await placesOf(sam.user.id, 'held')).toHaveLength(3);
    // a second tab gets the same checkout
    expect((await bookSeries(sam.token, series._id)).json().url).toBe(started.json().url);
    const page = (
      await call(t.app, 'GET', `/api/test-mode/checkout/${started.json().url.split('/').pop()}`, undefined, sam.token)
    ).json();
    expect(page).toMatchObject({ mode: 'payment', amount: 6000 });
    expect((await pay(sam.token, started.json().url)).statusCode).toBe(200);
    expect(await placesOf(sam.user.id)).toHaveLength(3);
    expect(await placesOf(sam.user.id, 'held')).toHaveLength(0);
    const revenue = await revenueOf(sam.user.id);
    expect(revenue.map((r) => r.amountCents)).toEqual([6000]);
    await t.mailbox.latest(sam.user.email, /^Booked: Morning flow \(3 sessions\)/);
  });

  it('leaves a session the member is already paying for on its own to that checkout: never paid twice', async () => {
    const { series, sam } = await paidSeries(3, { price: 20 });
    const first = series.occurrences[0]!;
    const single = await call(
      t.app,
      'POST',
      '/api/app/session/create-checkout-session',
      { sessionId: first._id },
      sam.token,
    );
    expect(single.statusCode, single.body).toBe(200);
    const started = await bookSeries(sam.token, series._id);
    expect(started.json()).toMatchObject({ status: 'checkout', places: 2 });
    const page = (
      await call(t.app, 'GET', `/api/test-mode/checkout/${started.json().url.split('/').pop()}`, undefined, sam.token)
    ).json();
    expect(page).toMatchObject({ amount: 4000 });
    expect((await pay(sam.token, started.json().url)).statusCode).toBe(200);
    expect((await pay(sam.token, single.json().url)).statusCode).toBe(200);
    const booked = await placesOf(sam.user.id);
    expect(booked.map((b) => b.sessionId).sort()).toEqual(series.occurrences.map((o) => o._id).sort());
    expect(booked.find((b) => b.sessionId === first._id)?.seriesBookingId).toBeNull();
    expect((await revenueOf(sam.user.id)).map((r) => r.amountCents).sort()).toEqual([2000, 4000]);
  });

  it('the same payment confirmed twice at once on two instances books once, with one revenue entry', async () => {
    const { maya, series, sam } = await paidSeries(2, { price: 20, seriesPrice: 30 });
    const started = await bookSeries(sam.token, series._id);
    expect(started.statusCode, started.body).toBe(200);
    const row = await seriesBookingOf(sam.user.id);
    expect(row).toMatchObject({ status: 'held', amountCents: 3000, paidPlaces: 2 });
    const checkout = {
      id: row!.checkoutId!,
      mode: 'payment' as const,
      paid: true,
      subscriptionId: null,
      customerId: null,
      paymentId: row!.checkoutId!,
      amountCents: 3000,
      created: Math.floor(Date.now() / 1000),
      metadata: { userId: sam.user.id, seriesBookingId: row!.id, seriesId: series._id, facilitatorId: maya.user.id },
    };
    const outcomes = await Promise.all([
      handlePaymentEvent(t.app.ctx, { id: 'evt_series_a', type: 'checkout.completed', checkout }),
      handlePaymentEvent(second.app.ctx, { id: 'evt_series_b', type: 'checkout.async_succeeded', checkout }),
    ]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    expect(await placesOf(sam.user.id)).toHaveLength(2);
    expect((await revenueOf(sam.user.id)).map((r) => r.amountCents)).toEqual([3000]);
    const [after] = await t.db.select().from(seriesBookings).where(eq(seriesBookings.id, row!.id));
    expect(after).toMatchObject({ status: 'booked', paymentId: row!.checkoutId });
  });

  it('cancelling at least the window before every session refunds the whole payment', async () => {
    const { series, sam } = await paidSeries(3, { cancellationHours: 24 });
    await bookAndPay(sam, series._id);
    const cancelled = await cancelSeriesBooking(sam.token, series._id);
    expect(cancelled.json()).toEqual({ cancelled: true, places: 3, refunded: 30 });
    // the revenue entry is reversed by the refund event: net nothing
    expect(await netRevenueOf(sam.user.id)).toBe(0);
    expect(await seriesBookingOf(sam.user.id)).toMatchObject({ status: 'cancelled', refundedCents: 3000 });
  });

  it('inside the window of the first session, only the later sessions are refunded (their share)', async () => {
    const start = new Date(Date.now() + 5 * HOUR);
    start.setUTCMinutes(0, 0, 0);
    const { series, sam } = await paidSeries(3, { cancellationHours: 24 }, start);
    await bookAndPay(sam, series._id);
    const cancelled = await cancelSeriesBooking(sam.token, series._id);
    // the first session is inside its 24 hours; the two later ones (2 and 3 days less 19 hours) are not
    const refundable = series.occurrences.filter((o) => new Date(o.startTime).getTime() - Date.now() >= 24 * HOUR);
    expect(cancelled.json()).toEqual({ cancelled: true, places: 3, refunded: refundable.length * 10 });
    expect(await netRevenueOf(sam.user.id)).toBe(3000 - refundable.length * 1000);
  });

  it('a facilitator cancelling one session of a paid series booking refunds its share', async () => {
    const { maya, series, sam } = await paidSeries(3);
    await bookAndPay(sam, series._id);
    const res = await deleteOccurrence(maya.token, series._id, series.occurrences[1]!._id);
    expect(res.statusCode).toBe(200);
    expect(await seriesBookingOf(sam.user.id)).toMatchObject({ status: 'booked', refundedCents: 1000 });
    expect(await netRevenueOf(sam.user.id)).toBe(2000);
  });

  it('a session cancelled while the member pays is refunded its share when the payment arrives', async () => {
    const { maya, series, sam } = await paidSeries(3);
    const started = await bookSeries(sam.token, series._id);
    expect(started.statusCode, started.body).toBe(200);
    const removed = await deleteOccurrence(maya.token, series._id, series.occurrences[2]!._id);
    expect(removed.statusCode).toBe(200);
    expect((await pay(sam.token, started.json().url)).statusCode).toBe(200);
    expect(await placesOf(sam.user.id)).toHaveLength(2);
    expect(await seriesBookingOf(sam.user.id)).toMatchObject({
      status: 'booked',
      amountCents: 3000,
      refundedCents: 1000,
    });
    expect(await netRevenueOf(sam.user.id)).toBe(2000);
  });
});
