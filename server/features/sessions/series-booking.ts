import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { dollarsToCents } from '../../../common/money';
import { isId } from '../../../common/params';
import type { SeriesBookingSettings } from '../../../common/sessions/series/schemas';
import type { Executor } from '../../db/client';
import {
  type SeriesBooking,
  type Session,
  type SessionBooking,
  type SessionSeries,
  type User,
  seriesBookings,
  sessionBookings,
  sessionSeries,
  sessions,
  users,
} from '../../db/schema';
import { authorize } from '../../platform/authorize';
import { type CommandContext, inTransaction } from '../../platform/context';
import { badRequest, conflict, notFound, uniqueViolation } from '../../platform/errors';
import { notify } from '../notifications/service';
import { assertPaymentsEnabled } from '../payments/checkouts';
import { destinationOf } from '../payments/service';
import { scheduleFeedbackPrompts } from './feedback';
import { canBookSession, refundsOnCancel } from './policy';
import { scheduleReminders } from './reminders';
import { CHECKOUT_HOLD_MINUTES, takePlace } from './seats';
import { mailSeriesBooked, mailSeriesCancelled } from './series-booking-mails';
import { type Promotion, promoteFromWaitlist, tellPromoted } from './waitlist';

/** The checkout of a whole series stops taking payment before its holds end, as a single session's does. */
const CHECKOUT_PAYABLE_MS = 31 * 60 * 1000;

/**
 * The series columns of the facilitator's booking settings: those given, over the current ones
 * (none given on a new series: booking one session at a time, paid per occurrence).
 */
export const bookingSettingsColumns = (input: SeriesBookingSettings) => ({
  ...(input.wholeSeriesBooking !== undefined && { wholeSeriesBooking: input.wholeSeriesBooking }),
  ...(input.seriesPayment !== undefined && { seriesPayment: input.seriesPayment }),
  ...(input.seriesPrice !== undefined && {
    seriesPriceCents: input.seriesPrice === null ? null : dollarsToCents(input.seriesPrice),
  }),
});

/** The occurrences of a series a series booking takes a place in: not started (cancelled ones have no row), in order. */
export const remainingOccurrences = (db: Executor, seriesId: string, now: Date) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.seriesId, seriesId), gt(sessions.startTime, now)))
    .orderBy(asc(sessions.startTime), asc(sessions.id));

/**
 * What booking the series costs for `occurrences`: a 'whole_series' series its price (the
 * facilitator's series price, else the sum of the occurrences' prices); 'per_occurrence' nothing
 * when every occurrence is free, and `perSession` when some are paid (booked one by one).
 */
export function seriesPriceOf(
  series: SessionSeries,
  occurrences: Pick<Session, 'priceCents'>[],
  ofAll = occurrences.length,
) {
  const sum = occurrences.reduce((total, o) => total + o.priceCents, 0);
  if (series.seriesPayment === 'whole_series') {
    if (series.seriesPriceCents === null) return { cents: sum, perSession: false };
    // a member already booked in some occurrences pays the series price's share of the others
    return {
      cents: Math.round((series.seriesPriceCents * occurrences.length) / Math.max(1, ofAll)),
      perSession: false,
    };
  }
  return { cents: 0, perSession: sum > 0 };
}

/** The member's live (held or booked) booking of a series. */
export const liveSeriesBookingOf = async (db: Executor, seriesId: string, memberId: string) =>
  (
    await db
      .select()
      .from(seriesBookings)
      .where(
        and(
          eq(seriesBookings.seriesId, seriesId),
          eq(seriesBookings.memberId, memberId),
          sql`${seriesBookings.status} in ('held', 'booked')`,
        ),
      )
      .limit(1)
  )[0];

/** The live places a series booking holds, with their sessions, soonest first. */
export const placesOf = (db: Executor, seriesBookingId: string) =>
  db
    .select({ place: sessionBookings, session: sessions })
    .from(sessionBookings)
    .innerJoin(sessions, eq(sessions.id, sessionBookings.sessionId))
    .where(
      and(eq(sessionBookings.seriesBookingId, seriesBookingId), sql`${sessionBookings.status} in ('held', 'booked')`),
    )
    .orderBy(asc(sessions.startTime), asc(sessions.id));

/**
 * Locks the sessions' rows in one stable order (start, then id): every series booking takes its
 * occurrences' locks in the same order, so two of them never wait for each other in a circle.
 */
const lockInOrder = (db: Executor, ids: string[]) =>
  db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.id, ids))
    .orderBy(asc(sessions.startTime), asc(sessions.id))
    .for('update');

/** The refusal when an occurrence has no place left: it is named, and nothing was booked. */
const occurrenceFull = (session: Session, beingBooked: boolean) =>
  conflict(
    'series_occurrence_full',
    beingBooked
      ? `Every place left in ${session.name} on ${session.startTime.toISOString().slice(0, 10)} is held by someone paying for it. Nothing was booked; try again in a few minutes.`
      : `${session.name} on ${session.startTime.toISOString().slice(0, 10)} is full. Nothing was booked: book the other sessions one at a time.`,
    { sessionId: session.id, startTime: session.startTime.toISOString() },
  );

/**
 * Takes a place for the series booking in each occurrence, all or nothing: the occurrences are
 * locked in order first, then each place taken under its lock (seats.ts takePlace); an
 * occurrence with no place throws, which rolls the caller's transaction back. Occurrences the
 * member already holds a booked place in on their own are left as they are. Answers the places
 * taken.
 */
async function takeEvery(
  db: Executor,
  options: { booking: SeriesBooking; occurrences: Session[]; as: 'held' | 'booked'; respectHolds: boolean },
) {
  const { booking, occurrences } = options;
  await lockInOrder(
    db,
    occurrences.map((o) => o.id),
  );
  // a place of their own still held for another payment (a single session's checkout, a place
  // offered from the waitlist) stays with it: taken into the series, it could be paid for twice
  const heldElsewhere = new Set(
    (
      await db
        .select({ sessionId: sessionBookings.sessionId })
        .from(sessionBookings)
        .where(
          and(
            inArray(
              sessionBookings.sessionId,
              occurrences.map((o) => o.id),
            ),
            eq(sessionBookings.memberId, booking.memberId),
            eq(sessionBookings.status, 'held'),
            gt(sessionBookings.heldUntil, sql`now()`),
            sql`${sessionBookings.seriesBookingId} is distinct from ${booking.id}`,
          ),
        )
    ).map((row) => row.sessionId),
  );
  const taken: { session: Session; booking: SessionBooking }[] = [];
  for (const occurrence of occurrences) {
    if (heldElsewhere.has(occurrence.id)) continue;
    const place = await takePlace(db, {
      sessionId: occurrence.id,
      memberId: booking.memberId,
      as: options.as,
      respectHolds: options.respectHolds,
      seriesBookingId: booking.id,
    });
    if (place.outcome === 'missing' || place.outcome === 'already-booked') continue;
    if (place.outcome !== 'taken') throw occurrenceFull(place.session, place.outcome === 'being-booked');
    taken.push({ session: place.session, booking: place.booking });
  }
  return taken;
}

/** Held places of a series booking given back (its checkout lapsed or failed), and each freed place to its waitlist. */
async function releaseSeriesHolds(db: Executor, seriesBookingId: string) {
  const released = await db
    .update(sessionBookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, heldUntil: null })
    .where(and(eq(sessionBookings.seriesBookingId, seriesBookingId), eq(sessionBookings.status, 'held')))
    .returning({ sessionId: sessionBookings.sessionId });
  const promoted: Promotion[] = [];
  for (const { sessionId } of released) promoted.push(...(await promoteFromWaitlist(db, sessionId)));
  return promoted;
}

/** A held series booking whose hold has passed ends here, so the member may book the series again. */
async function endLapsedHold(db: Executor, seriesId: string, memberId: string) {
  const lapsed = await db
    .update(seriesBookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, heldUntil: null })
    .where(
      and(
        eq(seriesBookings.seriesId, seriesId),
        eq(seriesBookings.memberId, memberId),
        eq(seriesBookings.status, 'held'),
        sql`${seriesBookings.heldUntil} <= now()`,
      ),
    )
    .returning({ id: seriesBookings.id });
  for (const row of lapsed) await releaseSeriesHolds(db, row.id);
}

/**
 * Books every remaining occurrence of a series for a member (POST app/session-series/{id}/book),
 * all or nothing, in one transaction: a full occurrence answers 409 series_occurrence_full naming
 * it and nothing is written. Free (or a 'per_occurrence' series whose remaining occurrences are
 * all free): booked at once, one mail with the series invitation. A paid 'whole_series' series:
 * every place is held and one checkout opened for the series price; the payment event books
 * them all (seriesPaid). A paid 'per_occurrence' series answers 400 series_pay_per_session.
 */
export async function bookSeries(
  ctx: CommandContext,
  options: { member: User; series: SessionSeries; now?: Date },
): Promise<{ status: 'booked' | 'checkout'; places: number; url?: string }> {
  const { member, series } = options;
  const now = options.now ?? new Date();
  authorize(canBookSession(member, series), () => badRequest('own_session'));
  if (!series.wholeSeriesBooking) throw badRequest('series_booking_off');
  const occurrences = await remainingOccurrences(ctx.db, series.id, now);
  if (occurrences.length === 0) throw badRequest('series_nothing_left');
  const whole = seriesPriceOf(series, occurrences);
  if (whole.perSession) throw badRequest('series_pay_per_session');
  const paid = whole.cents > 0;
  if (paid) assertPaymentsEnabled(ctx);

  let outcome: { booking: SeriesBooking; taken: { session: Session; booking: SessionBooking }[]; reuse?: string };
  try {
    outcome = await inTransaction(ctx, async (tx) => {
      await endLapsedHold(tx.db, series.id, member.id);
      const mine = await liveSeriesBookingOf(tx.db, series.id, member.id);
      if (mine?.status === 'booked') throw conflict('series_already_booked');
      // a second tab while the checkout is open gets the same checkout
      if (mine?.checkoutUrl) return { booking: mine, taken: [], reuse: mine.checkoutUrl };
      const [booking] = await tx.db
        .insert(seriesBookings)
        .values({
          seriesId: series.id,
          memberId: member.id,
          status: paid ? 'held' : 'booked',
          heldUntil: paid ? sql`now() + make_interval(mins => ${CHECKOUT_HOLD_MINUTES})` : null,
          bookedAt: paid ? null : sql`now()`,
        })
        .returning();
      const taken = await takeEvery(tx.db, {
        booking: booking!,
        occurrences,
        as: paid ? 'held' : 'booked',
        respectHolds: true,
      });
      if (taken.length === 0) throw conflict('series_already_booked');
      const price = paid
        ? seriesPriceOf(
            series,
            taken.map((t) => t.session),
            occurrences.length,
          ).cents
        : 0;
      const [priced] = await tx.db
        .update(seriesBookings)
        .set({ amountCents: price, paidPlaces: price > 0 ? taken.length : 0 })
        .where(eq(seriesBookings.id, booking!.id))
        .returning();
      return { booking: priced!, taken };
    });
  } catch (err) {
    // the same member booking twice at once: the one-live-booking index lets one through
    if (uniqueViolation(err)?.includes('series_bookings_one_live')) throw conflict('series_already_booked');
    throw err;
  }
  const { booking, taken, reuse } = outcome;
  if (reuse) return { status: 'checkout', places: (await placesOf(ctx.db, booking.id)).length, url: reuse };
  if (!paid) {
    await seriesBooked(ctx, { member, series, booking, taken, now });
    return { status: 'booked', places: taken.length };
  }
  try {
    const url = await openSeriesCheckout(ctx, { member, series, booking, first: taken[0]!.session });
    return { status: 'checkout', places: taken.length, url };
  } catch (err) {
    // no checkout, no hold: the places go back at once
    await inTransaction(ctx, async (tx) => {
      await tx.db
        .update(seriesBookings)
        .set({ status: 'cancelled', cancelledAt: sql`now()`, heldUntil: null })
        .where(and(eq(seriesBookings.id, booking.id), eq(seriesBookings.status, 'held')));
      await releaseSeriesHolds(tx.db, booking.id);
    });
    throw err;
  }
}

/** One checkout for every held place of a series booking, through the payment provider. */
async function openSeriesCheckout(
  ctx: CommandContext,
  options: { member: User; series: SessionSeries; booking: SeriesBooking; first: Session },
) {
  const { member, series, booking, first } = options;
  const [facilitator] = await ctx.db.select().from(users).where(eq(users.id, series.facilitatorId));
  const base = ctx.config.publicUrl;
  const created = await ctx.payments.createCheckout({
    mode: 'payment',
    userId: member.id,
    email: member.email,
    customerId: member.stripeCustomerId,
    product: {
      key: `series-${series.id}`,
      name: `${series.name} (${booking.paidPlaces} sessions)`,
      description: `Every remaining session of ${series.name} with ${facilitator?.name ?? 'a facilitator'}`,
      amountCents: booking.amountCents,
      interval: 'month',
      trialDays: 0,
    },
    // the result page every checkout returns to names the first session booked
    successUrl: `${base}/subscription/${first.id}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/subscription/${first.id}/cancelled`,
    metadata: {
      userId: member.id,
      seriesBookingId: booking.id,
      seriesId: series.id,
      facilitatorId: series.facilitatorId,
    },
    destination: destinationOf(ctx, facilitator),
    expiresAt: new Date(Date.now() + CHECKOUT_PAYABLE_MS),
  });
  await ctx.db
    .update(seriesBookings)
    .set({ checkoutId: created.id, checkoutUrl: created.url })
    .where(eq(seriesBookings.id, booking.id));
  return created.url;
}

/** After a series booking is booked: both sides told, one mail with the series invitation, reminders per occurrence. */
async function seriesBooked(
  ctx: CommandContext,
  options: {
    member: Pick<User, 'id' | 'name'>;
    series: SessionSeries;
    booking: SeriesBooking;
    taken: { session: Session }[];
    now: Date;
  },
) {
  const { member, series, booking, taken, now } = options;
  try {
    await notify(ctx.db, [
      {
        userId: series.facilitatorId,
        type: 'session',
        message: `${member.name} booked all ${taken.length} remaining sessions of ${series.name}.`,
        link: '/profile',
        mail: false,
      },
      {
        userId: member.id,
        type: 'session',
        message: `You booked all ${taken.length} remaining sessions of ${series.name}.`,
        link: '/profile',
        mail: false,
      },
    ]);
    for (const { session } of taken) {
      await scheduleReminders(ctx, session, now);
      await scheduleFeedbackPrompts(ctx, session, now);
    }
    await mailSeriesBooked(ctx, { series, booking, memberId: member.id, places: taken.length, now });
  } catch (err) {
    ctx.log.error({ err, seriesBookingId: booking.id }, 'series booking mail or reminders not queued');
  }
}

/**
 * The verified payment of a series checkout (called from the payment event handler, inside its
 * transaction). The series booking row is locked, and only a held (or lapsed) one is booked, by
 * the update that records the payment: the same payment delivered again, on any instance, finds
 * it booked with that payment and books nothing. Every place is booked under the occurrences'
 * locks, all or nothing (a savepoint): an occurrence whose place went to someone else after the
 * hold lapsed refunds the whole payment and gives every hold back.
 */
export async function seriesPaid(
  ctx: CommandContext,
  db: Executor,
  input: { seriesBookingId: string; userId: string; paymentId: string | null },
  afterCommit: Array<() => Promise<unknown>>,
): Promise<{ status: 'booked'; facilitatorId: string } | { status: 'already-mine' | 'refunded' | 'ignored' }> {
  const [booking] = isId(input.seriesBookingId)
    ? await db.select().from(seriesBookings).where(eq(seriesBookings.id, input.seriesBookingId)).for('update')
    : [];
  if (!booking || booking.memberId !== input.userId) return { status: 'ignored' };
  if (booking.status === 'booked') {
    if (booking.paymentId === input.paymentId || !input.paymentId) return { status: 'already-mine' };
    const paymentId = input.paymentId;
    afterCommit.push(() => ctx.payments.refundPayment(paymentId));
    return { status: 'refunded' };
  }
  const [series] = booking.seriesId
    ? await db.select().from(sessionSeries).where(eq(sessionSeries.id, booking.seriesId))
    : [];
  // a payment arriving after its hold lapsed and the member booked the series again is given back
  const again =
    series && booking.status === 'cancelled' && (await liveSeriesBookingOf(db, series.id, booking.memberId));
  if (again) {
    const paymentId = input.paymentId;
    if (paymentId) afterCommit.push(() => ctx.payments.refundPayment(paymentId));
    return { status: 'refunded' };
  }
  const [member] = await db.select().from(users).where(eq(users.id, booking.memberId));
  // the occurrences it held places in (given back if the hold lapsed), still to come
  const held = await db
    .selectDistinct({ session: sessions })
    .from(sessionBookings)
    .innerJoin(sessions, eq(sessions.id, sessionBookings.sessionId))
    .where(and(eq(sessionBookings.seriesBookingId, booking.id), gt(sessions.startTime, sql`now()`)))
    .orderBy(asc(sessions.startTime), asc(sessions.id));
  let taken: { session: Session; booking: SessionBooking }[] | undefined;
  try {
    taken = await db.transaction((savepoint) =>
      takeEvery(savepoint, {
        booking,
        occurrences: held.map((h) => h.session),
        as: 'booked',
        respectHolds: false,
      }),
    );
  } catch (err) {
    if (!(err instanceof Error) || !('statusCode' in err)) throw err;
  }
  if (!series || !member || !taken || taken.length === 0) {
    await db
      .update(seriesBookings)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, heldUntil: null })
      .where(eq(seriesBookings.id, booking.id));
    const promoted = await releaseSeriesHolds(db, booking.id);
    if (promoted.length > 0) afterCommit.push(() => tellPromoted(ctx, promoted));
    const paymentId = input.paymentId;
    if (paymentId) afterCommit.push(() => ctx.payments.refundPayment(paymentId));
    await notify(db, {
      userId: booking.memberId,
      type: 'session',
      message: `Sorry: a session of ${series?.name ?? 'the series'} was booked by someone else before your payment went through, so nothing was booked. Your payment has been refunded.`,
      link: series ? `/profile/${series.facilitatorId}` : '/explore',
    });
    return { status: 'refunded' };
  }
  const [booked] = await db
    .update(seriesBookings)
    .set({ status: 'booked', paymentId: input.paymentId, bookedAt: sql`now()`, heldUntil: null, checkoutUrl: null })
    .where(and(eq(seriesBookings.id, booking.id), sql`${seriesBookings.status} <> 'booked'`))
    .returning();
  // sessions cancelled while the member paid took their holds with them: their shares come back
  const missing = booking.paidPlaces - taken.length;
  if (missing > 0 && input.paymentId && booking.amountCents > 0) {
    const back = Math.min(booking.amountCents, Math.floor(booking.amountCents / booking.paidPlaces) * missing);
    await db
      .update(seriesBookings)
      .set({ refundedCents: sql`${seriesBookings.refundedCents} + ${back}` })
      .where(eq(seriesBookings.id, booking.id));
    const paymentId = input.paymentId;
    afterCommit.push(() => ctx.payments.refundPayment(paymentId, { amountCents: back }));
  }
  const now = new Date();
  const done = taken;
  afterCommit.push(() => seriesBooked(ctx, { member, series, booking: booked!, taken: done, now }));
  return { status: 'booked', facilitatorId: series.facilitatorId };
}

/** A series checkout that will not be paid: its held places go back (to the waitlists), once. */
export async function seriesCheckoutLapsed(db: Executor, seriesBookingId: string) {
  if (!isId(seriesBookingId)) return [];
  const [ended] = await db
    .update(seriesBookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, heldUntil: null })
    .where(and(eq(seriesBookings.id, seriesBookingId), eq(seriesBookings.status, 'held')))
    .returning();
  return ended ? releaseSeriesHolds(db, ended.id) : [];
}

/**
 * A share of a series payment given back for places of it that ended on their own (the
 * facilitator cancelled an occurrence or removed the member; the member cancelled one place
 * outside its window): the payment divided by the places it paid for, each place once (its own
 * ending is one conditional update), never more than was paid.
 */
export async function refundSeriesShares(ctx: CommandContext, ended: Pick<SessionBooking, 'seriesBookingId'>[]) {
  for (const place of ended) {
    if (!place.seriesBookingId) continue;
    const [row] = await ctx.db
      .update(seriesBookings)
      .set({
        refundedCents: sql`${seriesBookings.refundedCents} + least(${seriesBookings.amountCents} / greatest(${seriesBookings.paidPlaces}, 1), ${seriesBookings.amountCents} - ${seriesBookings.refundedCents})`,
      })
      .where(
        and(
          eq(seriesBookings.id, place.seriesBookingId),
          sql`${seriesBookings.paymentId} is not null and ${seriesBookings.amountCents} > ${seriesBookings.refundedCents}`,
        ),
      )
      .returning();
    if (!row?.paymentId) continue;
    const share = Math.min(Math.floor(row.amountCents / Math.max(row.paidPlaces, 1)), row.amountCents);
    if (share <= 0) continue;
    try {
      await ctx.payments.refundPayment(row.paymentId, { amountCents: share });
    } catch (err) {
      ctx.log.error(
        { err, seriesBookingId: row.id },
        'series share refund failed (refund it in the provider dashboard)',
      );
    }
  }
}

/**
 * The member cancels their series booking (POST app/session-series/{id}/cancel-booking): every
 * remaining place ends, each freed place goes to its waitlist, and a paid series booking is
 * refunded pro rata: the payment's share of each remaining place whose own cancellation window
 * has not begun (the single-session rule, place by place). The series booking ends by one
 * conditional update (booked -> cancelled) that records the refund, so it is refunded once
 * however many cancellations run at the same time.
 */
export async function cancelSeriesBooking(
  ctx: CommandContext,
  options: { member: User; series: SessionSeries; now?: Date },
) {
  const { member, series } = options;
  const now = options.now ?? new Date();
  const booking = await liveSeriesBookingOf(ctx.db, series.id, member.id);
  if (booking?.status !== 'booked') throw notFound('series_booking_not_found');
  const places = (await placesOf(ctx.db, booking.id)).filter(
    (p) => p.place.status === 'booked' && p.session.startTime > now,
  );
  const refundable = places.filter((p) => refundsOnCancel(p.session, { paymentId: 'series' }, 'member', now)).length;
  const share = booking.paidPlaces > 0 ? booking.amountCents / booking.paidPlaces : 0;
  const refund = booking.paymentId
    ? Math.min(booking.amountCents - booking.refundedCents, Math.round(share * refundable))
    : 0;
  const result = await inTransaction(ctx, async (tx) => {
    const [ended] = await tx.db
      .update(seriesBookings)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        refundedCents: sql`${seriesBookings.refundedCents} + ${refund}`,
      })
      .where(and(eq(seriesBookings.id, booking.id), eq(seriesBookings.status, 'booked')))
      .returning();
    if (!ended) return undefined;
    await lockInOrder(
      tx.db,
      places.map((p) => p.session.id),
    );
    const promoted: Promotion[] = [];
    let count = 0;
    for (const { place, session } of places) {
      const [gone] = await tx.db
        .update(sessionBookings)
        .set({ status: 'cancelled', cancelledAt: sql`now()` })
        .where(and(eq(sessionBookings.id, place.id), eq(sessionBookings.status, 'booked')))
        .returning();
      if (!gone) continue;
      count++;
      promoted.push(...(await promoteFromWaitlist(tx.db, session.id, now)));
    }
    return { count, promoted };
  });
  if (!result) throw notFound('series_booking_not_found');
  await tellPromoted(ctx, result.promoted);
  if (refund > 0 && booking.paymentId) {
    try {
      await ctx.payments.refundPayment(booking.paymentId, { amountCents: refund });
    } catch (err) {
      ctx.log.error({ err, seriesBookingId: booking.id }, 'series refund failed (refund it in the provider dashboard)');
    }
  }
  await notify(ctx.db, {
    userId: series.facilitatorId,
    type: 'session',
    message: `${member.name} cancelled their booking of ${series.name} (${result.count} sessions).`,
    link: '/profile',
    mail: false,
  });
  await mailSeriesCancelled(ctx, {
    series,
    booking,
    memberId: member.id,
    places: result.count,
    refundCents: refund,
    now,
  });
  return { places: result.count, refundCents: refund };
}

/**
 * Occurrences just added to a series (an edit that extends it, the horizon job) give each member
 * holding a booked series booking of it a place, in booking order while places last, inside the
 * caller's transaction. Answers the places taken, for their mails once it commits.
 */
export async function seatSeriesBookers(db: Executor, seriesId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  const bookers = await db
    .select()
    .from(seriesBookings)
    .where(and(eq(seriesBookings.seriesId, seriesId), eq(seriesBookings.status, 'booked')))
    .orderBy(asc(seriesBookings.bookedAt), asc(seriesBookings.id));
  if (bookers.length === 0) return [];
  const fresh = await db
    .select()
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.startTime, sql`now()`)))
    .orderBy(asc(sessions.startTime), asc(sessions.id));
  const taken: { session: Session; booking: SessionBooking }[] = [];
  for (const session of fresh)
    for (const booker of bookers) {
      const place = await takePlace(db, {
        sessionId: session.id,
        memberId: booker.memberId,
        as: 'booked',
        respectHolds: true,
        seriesBookingId: booker.id,
      });
      if (place.outcome === 'taken') taken.push({ session: place.session, booking: place.booking });
    }
  return taken;
}

/** A split moves the live series bookings to the series that continues it, so its later occurrences seat them. */
export async function moveSeriesBookings(db: Executor, fromSeriesId: string, toSeriesId: string) {
  await db
    .update(seriesBookings)
    .set({ seriesId: toSeriesId })
    .where(and(eq(seriesBookings.seriesId, fromSeriesId), sql`${seriesBookings.status} in ('held', 'booked')`));
}
