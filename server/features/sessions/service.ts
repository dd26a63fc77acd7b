import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { dollarsToCents } from '../../../common/money';
import { formatDateTime } from '../../../common/time';
import { SESSION_MESSAGES, type SaveSessionRequest } from '../../../common/sessions/schemas';
import type { Database } from '../../db/client';
import { sessions, users, type Session, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { notify } from '../notifications/service';
import { expireSessionCheckouts, openCheckout } from '../payments/checkouts';
import { destinationOf } from '../payments/service';
import { selectSessions } from './queries';

/** How long a paid checkout holds a session before someone else may start paying for it. */
export const CHECKOUT_HOLD_MINUTES = 32;
/** The checkout itself stops taking payment before the hold ends (Stripe's shortest is 30 minutes). */
const CHECKOUT_PAYABLE_MS = 31 * 60 * 1000;

/** A session's start as its recipient reads it: MM/dd/yyyy HH:mm in their zone, the zone named (spec 02 §9). */
const when = (s: Pick<Session, 'startTime'>, timeZone: string) =>
  formatDateTime(s.startTime, timeZone, { withZone: true });
const zoneOf = async (db: Database, userId: string) =>
  (await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1))[0]?.timeZone ??
  'UTC';

export const findSession = async (db: Database, id: string) =>
  (await db.select().from(sessions).where(eq(sessions.id, id)).limit(1))[0];

export const presentSession = async (db: Database, viewerId: string, id: string) =>
  (await selectSessions(db, viewerId, eq(sessions.id, id)))[0]!;

/** Only facilitators offer sessions (spec 02 §6); only the owner (or an admin) changes one. */
export function authorizeOwner(user: User, session: Pick<Session, 'facilitatorId'>) {
  if (session.facilitatorId !== user.id && !user.isAdmin)
    throw forbidden('Only the facilitator who offers this session can change it');
}

export async function saveSession(ctx: AppContext, user: User, input: SaveSessionRequest, existing?: Session) {
  if (!existing && !user.isFacilitator) throw forbidden('Only facilitators offer sessions');
  const values = {
    name: input.name,
    description: input.description,
    priceCents: dollarsToCents(input.price),
    startTime: new Date(input.startTime),
    endTime: new Date(input.endTime),
    meetingUrl: input.meetingUrl,
  };
  if (existing) {
    authorizeOwner(user, existing);
    if (existing.bookedBy && values.priceCents !== existing.priceCents)
      throw badRequest('The price of a booked session cannot change.');
    await ctx.db.update(sessions).set(values).where(eq(sessions.id, existing.id));
    if (values.priceCents !== existing.priceCents) await voidHolds(ctx, { ...existing, ...values });
    if (
      existing.bookedBy &&
      (values.startTime.getTime() !== existing.startTime.getTime() || values.meetingUrl !== existing.meetingUrl)
    ) {
      await notify(ctx.db, {
        userId: existing.bookedBy,
        message: `${values.name} has changed: it now starts ${when(values, await zoneOf(ctx.db, existing.bookedBy))}.`,
        link: '/profile',
      });
    }
    return existing.id;
  }
  const [row] = await ctx.db
    .insert(sessions)
    .values({ ...values, facilitatorId: user.id })
    .returning({ id: sessions.id });
  return row!.id;
}

/**
 * A new price voids checkouts opened at the old one: they are expired at the provider, the hold
 * ends, and whoever was paying is told to start again.
 */
async function voidHolds(ctx: AppContext, session: Session) {
  const voided = await expireSessionCheckouts(ctx, session.id);
  await ctx.db
    .update(sessions)
    .set({ heldBy: null, heldUntil: null })
    .where(and(eq(sessions.id, session.id), isNull(sessions.bookedBy)));
  await notify(
    ctx.db,
    [...new Set(voided)].map((userId) => ({
      userId,
      message: `The price of ${session.name} changed while you were paying, so that checkout was closed and nothing was charged. Book it again to see the new price.`,
      link: `/profile/${session.facilitatorId}`,
    })),
  );
}

/** A checkout that will not be paid (expired, or its delayed payment failed) stops holding the session. */
export async function releaseCheckoutHold(db: Database, sessionId: string, memberId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !/^[0-9a-f-]{36}$/i.test(memberId)) return;
  await db
    .update(sessions)
    .set({ heldBy: null, heldUntil: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.heldBy, memberId), isNull(sessions.bookedBy)));
}

/** Deletes a session; its booker is told, and a paid booking is refunded. */
export async function deleteSession(ctx: AppContext, user: User, session: Session) {
  authorizeOwner(user, session);
  if (session.paymentId) await ctx.payments.refundPayment(session.paymentId);
  await ctx.db.delete(sessions).where(eq(sessions.id, session.id));
  if (session.bookedBy) {
    const refunded = session.paymentId ? ' Your payment has been refunded.' : '';
    await notify(ctx.db, {
      userId: session.bookedBy,
      message: `${session.name} on ${when(session, await zoneOf(ctx.db, session.bookedBy))} was cancelled by the facilitator.${refunded}`,
      link: '/profile',
    });
  }
}

function assertBookable(member: User, session: Session) {
  if (session.facilitatorId === member.id) throw badRequest(SESSION_MESSAGES.ownSession);
  if (session.startTime.getTime() <= Date.now()) throw badRequest(SESSION_MESSAGES.past);
  if (session.bookedBy) throw conflict(SESSION_MESSAGES.alreadyBooked);
}

/**
 * Books a session for `memberId` if nobody has: one conditional UPDATE, so of any number of
 * simultaneous attempts exactly one gets the row back. A hold by someone else's checkout blocks
 * free bookings until it expires.
 */
async function claim(
  db: Database,
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

async function tellBothSides(db: Database, session: Session, member: Pick<User, 'id' | 'name' | 'timeZone'>) {
  const [facilitator] = await db
    .select({ name: users.name, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, session.facilitatorId));
  await notify(db, [
    {
      userId: session.facilitatorId,
      message: `${member.name} booked ${session.name} (${when(session, facilitator?.timeZone ?? 'UTC')}).`,
      link: '/profile',
    },
    {
      userId: member.id,
      message: `You booked ${session.name} with ${facilitator?.name ?? 'your facilitator'} (${when(session, member.timeZone)}).`,
      link: '/profile',
    },
  ]);
}

export async function bookFreeSession(ctx: AppContext, member: User, session: Session) {
  if (session.priceCents > 0) throw badRequest(SESSION_MESSAGES.paidUseCheckout);
  assertBookable(member, session);
  const booked = await claim(ctx.db, session.id, member.id, null, true);
  if (!booked) {
    const now = await findSession(ctx.db, session.id);
    throw conflict(now?.bookedBy ? SESSION_MESSAGES.alreadyBooked : SESSION_MESSAGES.beingBooked);
  }
  await tellBothSides(ctx.db, booked, member);
  return booked;
}

/** Opens the provider's checkout in payment mode, holding the session while the member pays. */
export async function startSessionCheckout(ctx: AppContext, member: User, session: Session) {
  if (session.priceCents === 0) throw badRequest(SESSION_MESSAGES.freeBookDirectly);
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
    throw conflict(now?.bookedBy ? SESSION_MESSAGES.alreadyBooked : SESSION_MESSAGES.beingBooked);
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
 * refunded and the member is told (DESIGN.md §5 Concurrency).
 */
export async function sessionPaid(
  ctx: AppContext,
  db: Database,
  input: { sessionId: string; userId: string; paymentId: string | null },
  afterCommit: Array<() => Promise<unknown>>,
) {
  const session = await findSession(db, input.sessionId);
  const [member] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!member) return { status: 'ignored' as const };
  const booked = session ? await claim(db, session.id, member.id, input.paymentId, false) : undefined;
  if (booked) {
    await tellBothSides(db, booked, member);
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
    message: `Sorry: ${why}. Your payment has been refunded.`,
    link: session ? `/profile/${session.facilitatorId}` : '/explore',
  });
  return { status: 'refunded' as const };
}

/** My upcoming bookings (not yet ended), soonest first. */
export const upcomingBookings = (db: Database, member: User) =>
  selectSessions(db, member.id, and(eq(sessions.bookedBy, member.id), gt(sessions.endTime, sql`now()`)));
