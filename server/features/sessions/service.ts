import { and, desc, eq, sql } from 'drizzle-orm';
import { dollarsToCents } from '../../../common/money';
import { isId } from '../../../common/params';
import { DEFAULT_CANCELLATION_HOURS, type SaveSessionRequest } from '../../../common/sessions/schemas';
import type { Executor } from '../../db/client';
import { type Session, type SessionBooking, sessionBookings, sessions, users, type User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import { type CommandContext, inTransaction } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { recordCancelledSession } from '../calendar-feed/feed-sessions';
import { notify } from '../notifications/service';
import { assertCanTakePayments, expireSessionCheckouts, openCheckout } from '../payments/checkouts';
import { destinationOf } from '../payments/service';
import { announce } from './announce';
import { notifyInTheirZones } from './zone-notices';
import { sessionNotices } from './notices';
import { canBookSession } from './policy';
import { noPlace, releaseHold, takePlace } from './seats';
import { refundSeriesShares } from './series-booking';
import {
  closeWaitlist,
  endOffer,
  hasOpenOffer,
  promoteFromWaitlist,
  repriceOffers,
  tellClosed,
  tellPromoted,
} from './waitlist';

/** The checkout itself stops taking payment before the hold ends (Stripe's shortest is 30 minutes). */
const CHECKOUT_PAYABLE_MS = 31 * 60 * 1000;

const valuesOf = (input: SaveSessionRequest) => ({
  name: input.name,
  description: input.description,
  priceCents: dollarsToCents(input.price),
  startTime: new Date(input.startTime),
  endTime: new Date(input.endTime),
  meetingUrl: input.meetingUrl,
  ...(input.capacity !== undefined && { capacity: input.capacity }),
  ...(input.cancellationHours !== undefined && { cancellationHours: input.cancellationHours }),
});

/** What a new session's form starts from: one place, and the facilitator's latest cancellation window. */
export async function sessionDefaults(db: Executor, facilitatorId: string) {
  const [latest] = await db
    .select({ cancellationHours: sessions.cancellationHours })
    .from(sessions)
    .where(eq(sessions.facilitatorId, facilitatorId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return { capacity: 1, cancellationHours: latest?.cancellationHours ?? DEFAULT_CANCELLATION_HOURS };
}

/** Offers a new session (the route has applied canOfferSession). Answers its id. */
export async function createSession(ctx: CommandContext, options: { facilitator: User; input: SaveSessionRequest }) {
  const defaults = await sessionDefaults(ctx.db, options.facilitator.id);
  const [row] = await ctx.db
    .insert(sessions)
    .values({ ...defaults, ...valuesOf(options.input), facilitatorId: options.facilitator.id })
    .returning({ id: sessions.id });
  return row!.id;
}

/** The booked members of a session (ids), in booking order. */
const bookedMembers = async (db: Executor, sessionId: string) =>
  (
    await db
      .select({ memberId: sessionBookings.memberId })
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.status, 'booked')))
      .orderBy(sessionBookings.bookedAt, sessionBookings.id)
  ).map((r) => r.memberId);

/**
 * Changes a session (the route has applied canManageSession). A booked session keeps its price
 * and cannot offer fewer places than it has bookings (checked under the session's lock, so a
 * booking cannot slip in between); a new price voids open checkouts; the booked members hear of
 * a new time or link. A new time or link raises the invitation's SEQUENCE in the same update, so
 * the mailed update replaces the event in every calendar, and a moved session gets reminders at
 * its new start.
 */
export async function updateSession(ctx: CommandContext, options: { session: Session; input: SaveSessionRequest }) {
  const values = valuesOf(options.input);
  const { existing, updated, members, promoted } = await inTransaction(ctx, async (tx) => {
    const [existing] = await tx.db.select().from(sessions).where(eq(sessions.id, options.session.id)).for('update');
    if (!existing) throw notFound('session_not_found');
    const members = await bookedMembers(tx.db, existing.id);
    if (members.length > 0 && values.priceCents !== existing.priceCents) throw badRequest('booked_price_fixed');
    if (values.capacity !== undefined && values.capacity < members.length) throw badRequest('capacity_below_booked');
    const changed =
      values.startTime.getTime() !== existing.startTime.getTime() ||
      values.endTime.getTime() !== existing.endTime.getTime() ||
      values.meetingUrl !== existing.meetingUrl;
    const [updated] = await tx.db
      .update(sessions)
      .set({ ...values, ...(changed && { icsSequence: sql`${sessions.icsSequence} + 1` }) })
      .where(eq(sessions.id, existing.id))
      .returning();
    // a new price gives back every hold at the old one and offers a waitlist place again at the
    // new one; more places (or a later start) give the free places to the waitlist; all under this lock
    const promoted =
      values.priceCents !== existing.priceCents
        ? await repriceOffers(tx.db, updated!)
        : await promoteFromWaitlist(tx.db, existing.id);
    return { existing, updated: changed ? updated : undefined, members, promoted };
  });
  await tellPromoted(ctx, promoted);
  if (values.priceCents !== existing.priceCents)
    await voidHolds(
      ctx,
      { ...existing, ...values },
      promoted.filter((p) => p.kind === 'reoffered').map((p) => p.entry.memberId),
    );
  if (updated && members.length > 0) {
    await notifyInTheirZones(
      ctx.db,
      members,
      (userId) => userId,
      (_, zone) => ({ message: sessionNotices.changed(values, zone), link: '/profile', mail: false }),
    );
    await announce(ctx, { what: 'change', session: updated });
  }
  return existing.id;
}

/** Several people's time zones, one query ('UTC' when unknown). */

/**
 * A new price voids checkouts opened at the old one: they are expired at the provider (their held
 * places were given back in the update's transaction, waitlist.ts repriceOffers), and whoever was
 * paying is told to start again, except a member whose offered place was offered again (told so).
 */
async function voidHolds(ctx: CommandContext, session: Session, reoffered: string[]) {
  const voided = await expireSessionCheckouts(ctx, session.id);
  await notify(
    ctx.db,
    [...new Set(voided)]
      .filter((userId) => !reoffered.includes(userId))
      .map((userId) => ({
        userId,
        type: 'session' as const,
        message: sessionNotices.priceChanged(session),
        link: `/profile/${session.facilitatorId}`,
      })),
  );
}

/** A checkout that will not be paid (expired, or its delayed payment failed) gives its held place back. */
export async function releaseCheckoutHold(db: Executor, sessionId: string, memberId: string, now = new Date()) {
  if (!isId(sessionId) || !isId(memberId)) return [];
  // a place offered from the waitlist stays theirs until the offer ends, checkout or not
  if (await hasOpenOffer(db, sessionId, memberId, now)) return [];
  await releaseHold(db, sessionId, memberId);
  return promoteFromWaitlist(db, sessionId, now);
}

/**
 * Deletes a session (the route has applied canManageSession); every booked member is told, as is
 * every member in its line (closed in the same transaction, waitlist.ts closeWaitlist), and
 * each paid booking is refunded once: the bookings are cancelled by one conditional update
 * (booked -> cancelled) in the same transaction as the delete, so a member cancelling at the
 * same moment cannot have their payment refunded a second time.
 */
export async function deleteSession(ctx: CommandContext, options: { session: Session }) {
  const { session, ended, waiting } = await inTransaction(ctx, async (tx) => {
    const [session] = await tx.db.select().from(sessions).where(eq(sessions.id, options.session.id)).for('update');
    if (!session) return { session: undefined, ended: [], waiting: [] };
    // calendar feeds list it as cancelled, to the members booked until now
    await recordCancelledSession(tx.db, session.id);
    // its line closes: those waiting (or offered a place) are told below, as the booked are
    const waiting = await closeWaitlist(tx.db, session.id);
    const ended = await tx.db
      .update(sessionBookings)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, refunded: sql`${sessionBookings.paymentId} is not null` })
      .where(and(eq(sessionBookings.sessionId, session.id), eq(sessionBookings.status, 'booked')))
      .returning();
    await tx.db.delete(sessions).where(eq(sessions.id, session.id));
    // in booking order, as every list of a session's members is
    ended.sort((a, b) => (a.bookedAt?.getTime() ?? 0) - (b.bookedAt?.getTime() ?? 0) || a.id.localeCompare(b.id));
    return { session, ended, waiting };
  });
  if (!session) return;
  await refundEach(ctx, ended);
  await tellClosed(ctx, session, waiting);
  // places paid for with the whole series: that payment's share of each
  await refundSeriesShares(ctx, ended);
  if (ended.length === 0) return;
  await notifyInTheirZones(
    ctx.db,
    ended,
    (b) => b.memberId,
    (b, zone) => ({ message: sessionNotices.cancelled(session, zone, b.refunded), link: '/profile', mail: false }),
  );
  await announce(ctx, {
    what: 'cancel',
    session,
    members: ended.map((b) => b.memberId),
    refunded: ended.some((b) => b.refunded),
  });
}

/**
 * Refunds the payments of bookings whose cancellation just committed with `refunded` set. The
 * conditional update that set it ran once per booking, so each payment is asked back once; the
 * revenue entry is reversed by the provider's refund event (payments/revenue.ts recordReversal),
 * as for every other refund. A provider failure is logged for the operator to finish by hand.
 */
export async function refundEach(ctx: CommandContext, bookings: SessionBooking[]) {
  for (const booking of bookings) {
    if (!booking.refunded || !booking.paymentId) continue;
    try {
      await ctx.payments.refundPayment(booking.paymentId);
    } catch (err) {
      ctx.log.error(
        { err, bookingId: booking.id, paymentId: booking.paymentId },
        'session refund failed (refund it in the provider dashboard)',
      );
    }
  }
}

export function assertBookable(member: User, session: Session) {
  authorize(canBookSession(member, session), () => badRequest('own_session'));
  if (session.startTime.getTime() <= Date.now()) throw badRequest('session_started');
}

export async function tellBothSides(db: Executor, session: Session, member: Pick<User, 'id' | 'name' | 'timeZone'>) {
  const [facilitator] = await db
    .select({ name: users.name, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, session.facilitatorId));
  await notify(db, [
    {
      userId: session.facilitatorId,
      type: 'session',
      message: sessionNotices.bookedByMember(session, member.name, facilitator?.timeZone ?? 'UTC'),
      link: '/profile',
      mail: false,
    },
    {
      userId: member.id,
      type: 'session',
      message: sessionNotices.bookedWithFacilitator(session, facilitator?.name, member.timeZone),
      link: '/profile',
      mail: false,
    },
  ]);
}

/**
 * Books a free place for the member: the session row is locked while its places are counted
 * (seats.ts takePlace), so of any number of simultaneous attempts on any instance at most
 * `capacity` win; the others get 409 session_full (session_already_booked for one place).
 */
export async function bookFreeSession(ctx: CommandContext, options: { member: User; session: Session }) {
  const { member, session } = options;
  if (session.priceCents > 0) throw badRequest('paid_session_use_checkout');
  assertBookable(member, session);
  const taken = await inTransaction(ctx, (tx) =>
    takePlace(tx.db, { sessionId: session.id, memberId: member.id, as: 'booked', respectHolds: true }),
  );
  if (taken.outcome === 'missing') throw notFound('session_not_found');
  if (taken.outcome === 'already-booked') throw conflict('session_already_booked');
  if (taken.outcome !== 'taken') throw noPlace(taken);
  await tellBothSides(ctx.db, taken.session, member);
  await announce(ctx, { what: 'booking', session: taken.session, booking: taken.booking });
  return taken.session;
}

/** Opens the provider's checkout in payment mode, holding a place while the member pays. */
export async function startSessionCheckout(ctx: CommandContext, options: { member: User; session: Session }) {
  const { member, session } = options;
  if (session.priceCents === 0) throw badRequest('free_session_book_directly');
  assertBookable(member, session);
  // refused before a place is held: a facilitator who cannot be paid yet sells no paid session
  const [facilitator] = await ctx.db.select().from(users).where(eq(users.id, session.facilitatorId));
  assertCanTakePayments(ctx, facilitator);
  const held = await inTransaction(ctx, (tx) =>
    takePlace(tx.db, { sessionId: session.id, memberId: member.id, as: 'held', respectHolds: true }),
  );
  if (held.outcome === 'missing') throw notFound('session_not_found');
  if (held.outcome === 'already-booked') throw conflict('session_already_booked');
  if (held.outcome !== 'taken') throw noPlace(held);
  const base = ctx.config.publicUrl;
  const checkout = await openCheckout(
    ctx,
    { sessionId: session.id },
    {
      mode: 'payment',
      userId: member.id,
      email: member.email,
      customerId: member.stripeCustomerId,
      product: {
        key: `session-${session.id}`,
        name: session.name,
        description: `${session.description}`.trim() || `Session with ${facilitator?.name ?? 'a facilitator'}`,
        amountCents: session.priceCents,
        interval: 'month',
        trialDays: 0,
      },
      // the result page every checkout returns to (it says 'Session booked' and offers View session)
      successUrl: `${base}/subscription/${session.id}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/subscription/${session.id}/cancelled`,
      metadata: { userId: member.id, sessionId: session.id, facilitatorId: session.facilitatorId },
      destination: destinationOf(ctx, facilitator),
      expiresAt: new Date(Date.now() + CHECKOUT_PAYABLE_MS),
    },
  );
  return { url: checkout.url };
}

/**
 * The verified completion of a session checkout (called from the payment event handler, inside
 * its transaction). Books the member's place (their hold becomes the booking) unless every
 * place was booked first; then the payment is refunded and the member is told.
 */
export async function sessionPaid(
  ctx: CommandContext,
  db: Executor,
  input: { sessionId: string; userId: string; paymentId: string | null },
  afterCommit: Array<() => Promise<unknown>>,
) {
  const [member] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!member) return { status: 'ignored' as const };
  const taken = isId(input.sessionId)
    ? await takePlace(db, {
        sessionId: input.sessionId,
        memberId: member.id,
        as: 'booked',
        paymentId: input.paymentId,
        respectHolds: false,
      })
    : ({ outcome: 'missing' } as const);
  if (taken.outcome === 'taken') {
    await endOffer(db, taken.session.id, member.id);
    await tellBothSides(db, taken.session, member);
    // the job runner is written to once the payment's transaction has committed
    afterCommit.push(() => announce(ctx, { what: 'booking', session: taken.session, booking: taken.booking }));
    return { status: 'booked' as const, facilitatorId: taken.session.facilitatorId };
  }
  // the same payment delivered again books nothing new; a second payment for my booking is refunded
  if (taken.outcome === 'already-booked' && (taken.booking.paymentId === input.paymentId || !input.paymentId))
    return { status: 'already-mine' as const };
  // a payment too late for a place gives back the member's hold with it
  if (taken.outcome === 'full' || taken.outcome === 'being-booked') await releaseHold(db, input.sessionId, member.id);
  const paymentId = input.paymentId;
  if (paymentId) afterCommit.push(() => ctx.payments.refundPayment(paymentId));
  const session = taken.outcome === 'missing' ? undefined : taken.session;
  const why = !session
    ? 'that session was removed before your payment went through'
    : taken.outcome === 'already-booked'
      ? `you had already booked ${session.name}`
      : session.capacity === 1
        ? `${session.name} was booked by someone else before your payment went through`
        : `every place in ${session.name} was booked before your payment went through`;
  await notify(db, {
    userId: member.id,
    type: 'session',
    message: `Sorry: ${why}. Your payment has been refunded.`,
    link: session ? `/profile/${session.facilitatorId}` : '/explore',
  });
  return { status: 'refunded' as const };
}
