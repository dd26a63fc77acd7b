import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '../../../common/sessions/schemas';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import {
  bookWithCredit,
  creditsLeftFor,
  expectBooked,
  offerPaid,
  putInSeries,
  subscribeWithCredits,
} from './test/credit-helpers';
import { hoursAhead } from './test/helpers';

/** The clock credit periods are read at: a set time, or the real one. */
let clockAt: Date | null = null;
let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await startTestApp({}, {}, { clock: () => clockAt ?? new Date() });
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const at = (iso: string) => {
  clockAt = new Date(iso);
};

describe('credits per billing period', () => {
  it('a free subscription started on the 10th: two credits spent in one month, the third refused, two again the next month', async () => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    await subscribeWithCredits(t, maya.user.id, sam.user.id, {}, { startDate: '2027-01-10' });
    const [a, b, c] = [
      await offerPaid(t, maya.token, hoursAhead(100)),
      await offerPaid(t, maya.token, hoursAhead(101)),
      await offerPaid(t, maya.token, hoursAhead(102)),
    ];
    at('2027-02-20T12:00:00Z');
    expect(await creditsLeftFor(t, sam.token, a._id)).toBe(2);
    await expectBooked(await bookWithCredit(t, sam.token, a._id));
    await expectBooked(await bookWithCredit(t, sam.token, b._id));
    expect(await creditsLeftFor(t, sam.token, c._id)).toBe(0);
    const third = await bookWithCredit(t, sam.token, c._id);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: 'no_credits_left', message: SESSION_MESSAGES.noCreditsLeft });

    at('2027-03-10T00:00:00Z'); // the next period starts on the 10th
    expect(await creditsLeftFor(t, sam.token, c._id)).toBe(2);
    const booked = await bookWithCredit(t, sam.token, c._id);
    await expectBooked(booked);
    expect(booked.json().session).toMatchObject({ myBooking: 'booked', creditsLeft: 1, creditsPerPeriod: 2 });
    clockAt = null;
  });

  it('a paid subscription’s periods follow its billing: the credits renew at its current period end', async () => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    const periodEnd = '2027-04-05T09:00:00.000Z';
    await subscribeWithCredits(
      t,
      maya.user.id,
      sam.user.id,
      { sessionCredits: 1, price: 20, billingInterval: 'week' },
      {
        provider: 'test',
        currentPeriodEnd: new Date(periodEnd),
        startDate: '2027-03-01',
      },
    );
    const [a, b] = [await offerPaid(t, maya.token, hoursAhead(100)), await offerPaid(t, maya.token, hoursAhead(101))];
    at('2027-04-05T08:59:00Z');
    await expectBooked(await bookWithCredit(t, sam.token, a._id));
    expect((await bookWithCredit(t, sam.token, b._id)).statusCode).toBe(409);
    at(periodEnd);
    await expectBooked(await bookWithCredit(t, sam.token, b._id));
    const credits = (await call(t.app, 'GET', '/api/app/user/session-credits', undefined, sam.token)).json();
    expect(credits).toEqual([
      expect.objectContaining({ perPeriod: 1, left: 0, period: 'week', renewsAt: '2027-04-12T09:00:00.000Z' }),
    ]);
    clockAt = null;
  });

  it.each([
    [false, 2],
    [true, 3],
  ])('roll-over %s: one credit of two left unused, the next period has %i', async (rollOver, next) => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    await subscribeWithCredits(
      t,
      maya.user.id,
      sam.user.id,
      { creditsRollOver: rollOver },
      {
        startDate: '2027-01-01',
      },
    );
    const a = await offerPaid(t, maya.token, hoursAhead(100));
    at('2027-05-15T00:00:00Z');
    await expectBooked(await bookWithCredit(t, sam.token, a._id));
    at('2027-06-15T00:00:00Z');
    expect(await creditsLeftFor(t, sam.token, a._id)).toBe(next);
    clockAt = null;
  });

  it('roll-over carries at most one period’s worth', async () => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    await subscribeWithCredits(
      t,
      maya.user.id,
      sam.user.id,
      { creditsRollOver: true },
      {
        startDate: '2027-01-01',
      },
    );
    const a = await offerPaid(t, maya.token, hoursAhead(100));
    at('2027-07-15T00:00:00Z'); // nothing spent for months: 2 this month and 2 carried, never more
    expect(await creditsLeftFor(t, sam.token, a._id)).toBe(4);
    clockAt = null;
  });
});

describe('the last credit', () => {
  it('two bookings with the last credit on two instances at once: one is booked, the other hears none is left', async () => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    await subscribeWithCredits(t, maya.user.id, sam.user.id, { sessionCredits: 1 });
    const [a, b] = [await offerPaid(t, maya.token, hoursAhead(100)), await offerPaid(t, maya.token, hoursAhead(101))];
    const answers = await Promise.all([
      bookWithCredit(t, sam.token, a._id, t.app),
      bookWithCredit(t, sam.token, b._id, second.app),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error).toBe('no_credits_left');
  });
});

describe('cancelling a credit booking', () => {
  it('before the cancellation window gives the credit back; inside it the credit is spent', async () => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    await subscribeWithCredits(t, maya.user.id, sam.user.id, { sessionCredits: 2 });
    const early = await offerPaid(t, maya.token, hoursAhead(48), { cancellationHours: 24 });
    const late = await offerPaid(t, maya.token, hoursAhead(3), { cancellationHours: 24 });
    await expectBooked(await bookWithCredit(t, sam.token, early._id));
    await expectBooked(await bookWithCredit(t, sam.token, late._id));
    expect(await creditsLeftFor(t, sam.token, early._id)).toBe(0);

    const cancelEarly = await call(t.app, 'POST', `/api/app/session/${early._id}/cancel-booking`, undefined, sam.token);
    expect(cancelEarly.json()).toEqual({ cancelled: true, refunded: false });
    expect(await creditsLeftFor(t, sam.token, early._id)).toBe(1);

    const cancelLate = await call(t.app, 'POST', `/api/app/session/${late._id}/cancel-booking`, undefined, sam.token);
    expect(cancelLate.statusCode).toBe(200);
    expect(await creditsLeftFor(t, sam.token, early._id)).toBe(1);
  });
});

describe('credits limited to chosen series', () => {
  it('book the series’ sessions only', async () => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    const inSeries = await offerPaid(t, maya.token, hoursAhead(100));
    const other = await offerPaid(t, maya.token, hoursAhead(101));
    const series = await putInSeries(t, maya.user.id, inSeries._id);
    await subscribeWithCredits(t, maya.user.id, sam.user.id, { creditSeriesIds: [series.id] });
    expect(await creditsLeftFor(t, sam.token, other._id)).toBeUndefined();
    const refused = await bookWithCredit(t, sam.token, other._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'credit_not_for_session',
      message: SESSION_MESSAGES.creditNotForSession,
    });
    await expectBooked(await bookWithCredit(t, sam.token, inSeries._id));
  });
});

describe('who may book with a credit', () => {
  it('signed out: 401; a member without a subscription, or a subscriber booking another facilitator’s session: 403', async () => {
    const maya = await buildFacilitator(t.db);
    const lee = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    const stranger = await buildUser(t.db);
    await subscribeWithCredits(t, maya.user.id, sam.user.id);
    const mayas = await offerPaid(t, maya.token, hoursAhead(100));
    const lees = await offerPaid(t, lee.token, hoursAhead(100));

    expect((await bookWithCredit(t, undefined, mayas._id)).statusCode).toBe(401);
    const outsider = await bookWithCredit(t, stranger.token, mayas._id);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({
      error: 'credits_subscribers_only',
      message: SESSION_MESSAGES.creditsSubscribersOnly,
    });
    expect((await bookWithCredit(t, sam.token, lees._id)).json().error).toBe('credits_subscribers_only');
    expect(await creditsLeftFor(t, sam.token, lees._id)).toBeUndefined();
    expect((await bookWithCredit(t, maya.token, mayas._id)).json().error).toBe('own_session');
  });

  it('a cancelled subscription’s credits are gone; a free session is booked directly', async () => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    await subscribeWithCredits(t, maya.user.id, sam.user.id, {}, { cancelled: true });
    const paid = await offerPaid(t, maya.token, hoursAhead(100));
    const free = await offerPaid(t, maya.token, hoursAhead(101), { price: 0 });
    expect((await bookWithCredit(t, sam.token, paid._id)).json().error).toBe('credits_subscribers_only');
    const freeAnswer = await bookWithCredit(t, sam.token, free._id);
    expect(freeAnswer.statusCode).toBe(400);
    expect(freeAnswer.json().error).toBe('free_session_book_directly');
  });
});
