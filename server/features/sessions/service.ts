import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { dollarsToCents } from '../../../common/money';
import { isId } from '../../../common/params';
import type { SaveSessionRequest } from '../../../common/sessions/schemas';
import type { Executor } from '../../db/client';
import { sessions, users, type Session, type User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import type { CommandContext } from '../../platform/context';
import { badRequest, conflict } from '../../platform/errors';
import { recordCancelledSession } from '../calendar-feed/feed-sessions';
import { notify } from '../notifications/service';
import { expireSessionCheckouts, openCheckout } from '../payments/checkouts';
import { destinationOf } from '../payments/service';
import { mailBooked, mailCancelled, mailChanged } from './mails';
import { sessionNotices } from './notices';
import { canBookSession } from './policy';
import { findSession, zoneOf } from './queries';
import { scheduleReminders } from './reminders';

/** How long a paid checkout holds a session before someone else may start paying for it. */
export const CHECKOUT_HOLD_MINUTES = 32;
/** The checkout itself stops taking payment before the hold ends (Stripe's shortest is 30 minutes). */
const CHECKOUT_PAYABLE_MS = 31 * 60 * 1000;

const valuesOf = (input: SaveSessionRequest) => ({
  name: input.name,
  description: input.description,
  priceCents: dollarsToCents(input.price),
  startTime: new Date(input.startTime),
  endTime: new Date(input.endTime),
  meetingUrl: input.meetingUrl,
});

/** Offers a new session (the route has applied canOfferSession). Answers its id. */
export async function createSession(ctx: CommandContext, options: { facilitator: User; input: SaveSessionRequest }) {
  const [row] = await ctx.db
    .insert(sessions)
    .values({ ...valuesOf(options.input), facilitatorId: options.facilitator.id })
    .returning({ id: sessions.id });
  return row!.id;
}

/**
 * Changes a session (the route has applied canManageSession). A booked session keeps its price;
 * a new price voids open checkouts; the booker hears of a new time or link. A new time or link
 * raises the invitation's SEQUENCE in the same update, so the mailed update replaces the
 * event in both calendars, and a moved session gets reminders at its new start.
 */
export async function updateSession(ctx: CommandContext, options: { session: Session; input: SaveSessionRequest }) {
  const { session: existing } = options;
  const values = valuesOf(options.input);
  if (existing.bookedBy && values.priceCents !== existing.priceCents) throw badRequest('booked_price_fixed');
  const changed =
    values.startTime.getTime() !== existing.startTime.getTime() ||
    values.endTime.getTime() !== existing.endTime.getTime() ||
    values.meetingUrl !== existing.meetingUrl;
  const [updated] = await ctx.db
    .update(sessions)
    .set({ ...values, ...(changed && { icsSequence: sql`${sessions.icsSequence} + 1` }) })
    .where(eq(sessions.id, existing.id))
    .returning();
  if (values.priceCents !== existing.priceCents) await voidHolds(ctx, { ...existing, ...values });
  if (existing.bookedBy && changed) {
    await notify(ctx.db, {
      userId: existing.bookedBy,
      type: 'session',
      message: sessionNotices.changed(values, await zoneOf(ctx.db, existing.bookedBy)),
      link: '/profile',
      mail: false,
    });
    if (updated?.bookedBy) await announce(ctx, 'change', updated);
  }
  return existing.id;
}

/**
 * A new price voids checkouts opened at the old one: they are expired at the provider, the hold
 * ends, and whoever was paying is told to start again.
 */
async function voidHolds(ctx: CommandContext, session: Session) {
  const voided = await expireSessionCheckouts(ctx, session.id);
  await ctx.db
    .update(sessions)
    .set({ heldBy: null, heldUntil: null })
    .where(and(eq(sessions.id, session.id), isNull(sessions.bookedBy)));
  await notify(
    ctx.db,
    [...new Set(voided)].map((userId) => ({
      userId,
      type: 'session' as const,
      message: sessionNotices.priceChanged(session),
      link: `/profile/${session.facilitatorId}`,
    })),
  );
}

/** A checkout that will not be paid (expired, or its delayed payment failed) stops holding the session. */
export async function releaseCheckoutHold(db: Executor, sessionId: string, memberId: string) {
  if (!isId(sessionId) || !isId(memberId)) return;
  await db
    .update(sessions)
    .set({ heldBy: null, heldUntil: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.heldBy, memberId), isNull(sessions.bookedBy)));
}

/** Deletes a session (the route has applied canManageSession); its booker is told, and a paid booking is refunded. */
export async function deleteSession(ctx: CommandContext, options: { session: Session }) {
  const { session } = options;
  if (session.paymentId) await ctx.payments.refundPayment(session.paymentId);
  await recordCancelledSession(ctx.db, session.id);
  await ctx.db.delete(sessions).where(eq(sessions.id, session.id));
  if (session.bookedBy) {
    await notify(ctx.db, {
      userId: session.bookedBy,
      type: 'session',
      message: sessionNotices.cancelled(session, await zoneOf(ctx.db, session.bookedBy), Boolean(session.paymentId)),
      link: '/profile',
      mail: false,
    });
    await announce(ctx, 'cancel', session);
  }
}

/**
 * The session's own mails (mails.tsx, with the invitation attached) and, for a booking or a
 * move, its reminders (reminders.ts). The change itself is done by then: a failure to queue
 * is logged, not answered as a failed booking.
 */
async function announce(ctx: CommandContext, what: 'booking' | 'change' | 'cancel', session: Session) {
  const now = new Date();
  try {
    if (what !== 'cancel') await scheduleReminders(ctx, session, now);
    if (what === 'booking') await mailBooked(ctx, session, now);
    else if (what === 'change') await mailChanged(ctx, session, now);
    else await mailCancelled(ctx, session, now);
  } catch (err) {
    ctx.log.error({ err, sessionId: session.id, what }, 'session mail or reminders not queued');
  }
}

function assertBookable(member: User, session: Session) {
  authorize(canBookSession(member, session), () => badRequest('own_session'));
  if (session.startTime.getTime() <= Date.now()) throw badRequest('session_started');
  if (session.bookedBy) throw conflict('session_already_booked');
}

/**
 * Books a session for `memberId` if nobody has: one conditional UPDATE, so of any number of
 * simultaneous attempts exactly one gets the row back. A hold by someone else's checkout blocks
 * free bookings until it expires.
 */
async function claim(
  db: Executor,
  sessionId: string,
  memberId: string,
  paymentId: string | null,
  respectHold: boolean,
) {
  const free = respectHold
    ? or(isNull(sessions.heldUntil), lt(sessions.heldUntil, sql`now()`), eq(sessions.heldBy, memberId))
    : undefined;
  const [row] = await db
    .update(sessions)
    .set({ bookedBy: memberId, bookedAt: sql`now()`, paymentId, heldBy: null, heldUntil: null })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.bookedBy), free))
    .returning();
  return row;
}

async function tellBothSides(db: Executor, session: Session, member: Pick<User, 'id' | 'name' | 'timeZone'>) {
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

/** Books a free session for the member (one conditional UPDATE: of simultaneous attempts one wins). */
export async function bookFreeSession(ctx: CommandContext, options: { member: User; session: Session }) {
  const { member, session } = options;
  if (session.priceCents > 0) throw badRequest('paid_session_use_checkout');
  assertBookable(member, session);
  const booked = await claim(ctx.db, session.id, member.id, null, true);
  if (!booked) {
    const now = await findSession(ctx.db, session.id);
    throw conflict(now?.bookedBy ? 'session_already_booked' : 'session_being_booked');
  }
  await tellBothSides(ctx.db, booked, member);
  await announce(ctx, 'booking', booked);
  return booked;
}

/** Opens the provider's checkout in payment mode, holding the session while the member pays. */
export async function startSessionCheckout(ctx: CommandContext, options: { member: User; session: Session }) {
  const { member, session } = options;
  if (session.priceCents === 0) throw badRequest('free_session_book_directly');
  assertBookable(member, session);
  const [held] = await ctx.db
    .update(sessions)
    .set({ heldBy: member.id, heldUntil: sql`now() + make_interval(mins => ${CHECKOUT_HOLD_MINUTES})` })
    .where(
      and(
        eq(sessions.id, session.id),
        isNull(sessions.bookedBy),
        or(isNull(sessions.heldUntil), lt(sessions.heldUntil, sql`now()`), eq(sessions.heldBy, member.id)),
      ),
    )
    .returning();
  if (!held) {
    const now = await findSession(ctx.db, session.id);
    throw conflict(now?.bookedBy ? 'session_already_booked' : 'session_being_booked');
  }
  const [facilitator] = await ctx.db.select().from(users).where(eq(users.id, session.facilitatorId));
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
 * its transaction). Books the session unless someone else got it first; then the payment is
 * refunded and the member is told.
 */
export async function sessionPaid(
  ctx: CommandContext,
  db: Executor,
  input: { sessionId: string; userId: string; paymentId: string | null },
  afterCommit: Array<() => Promise<unknown>>,
) {
  const session = await findSession(db, input.sessionId);
  const [member] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!member) return { status: 'ignored' as const };
  const booked = session ? await claim(db, session.id, member.id, input.paymentId, false) : undefined;
  if (booked) {
    await tellBothSides(db, booked, member);
    // the job runner is written to once the payment's transaction has committed
    afterCommit.push(() => announce(ctx, 'booking', booked));
    return { status: 'booked' as const, facilitatorId: booked.facilitatorId };
  }
  // the same payment delivered again books nothing new; a second payment for my booking is refunded
  if (session?.bookedBy === member.id && (session.paymentId === input.paymentId || !input.paymentId))
    return { status: 'already-mine' as const };
  const paymentId = input.paymentId;
  if (paymentId) afterCommit.push(() => ctx.payments.refundPayment(paymentId));
  const why = !session
    ? 'that session was removed before your payment went through'
    : session.bookedBy === member.id
      ? `you had already booked ${session.name}`
      : `${session.name} was booked by someone else before your payment went through`;
  await notify(db, {
    userId: member.id,
    type: 'session',
    message: `Sorry: ${why}. Your payment has been refunded.`,
    link: session ? `/profile/${session.facilitatorId}` : '/explore',
  });
  return { status: 'refunded' as const };
}
