import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Session, type SessionBooking, sessionBookings, sessions } from '../../db/schema';
import { conflict } from '../../platform/errors';

/** How long a paid checkout holds a place before someone else may start paying for it. */
export const CHECKOUT_HOLD_MINUTES = 32;

type Take = {
  sessionId: string;
  memberId: string;
  /** 'held' while the member pays at checkout; 'booked' for a free booking or a completed payment */
  as: 'held' | 'booked';
  paymentId?: string | null;
  /**
   * A completed payment books a place whenever one is not booked, ignoring other members' open
   * checkouts (they are refunded if the places run out before they pay); a free booking or a new
   * hold respects them.
   */
  respectHolds: boolean;
  /** session credits: the subscription whose credit books this place and the period it counts in (credits.ts) */
  credit?: { subscriptionId: string; periodStart: Date };
  /** a place taken as part of a booking of the whole series (series-booking.ts) */
  seriesBookingId?: string;
};

export type Taken =
  | { outcome: 'taken'; session: Session; booking: SessionBooking }
  | { outcome: 'already-booked'; session: Session; booking: SessionBooking }
  | { outcome: 'full' | 'being-booked'; session: Session }
  | { outcome: 'missing' };

/**
 * Takes one place of a session for a member, inside the caller's transaction: the session row is
 * locked (SELECT … FOR UPDATE) before its places are counted, so bookings of the same session
 * take turns on every app instance, and the count never goes past the capacity. The member's
 * own live row (an earlier hold) becomes the booking; the partial unique index keeps it one.
 */
export async function takePlace(tx: Executor, take: Take): Promise<Taken> {
  const [session] = await tx.select().from(sessions).where(eq(sessions.id, take.sessionId)).for('update');
  if (!session) return { outcome: 'missing' };
  const [counts] = await tx
    .select({
      booked: sql<number>`coalesce(sum(${sessionBookings.seats}) filter (where ${sessionBookings.status} = 'booked'), 0)::int`,
      heldByOthers: sql<number>`coalesce(sum(${sessionBookings.seats}) filter (
        where ${sessionBookings.status} = 'held' and ${sessionBookings.heldUntil} > now()
          and ${sessionBookings.memberId} <> ${take.memberId}), 0)::int`,
    })
    .from(sessionBookings)
    .where(and(eq(sessionBookings.sessionId, session.id), sql`${sessionBookings.status} in ('held', 'booked')`));
  const mine = (
    await tx
      .select()
      .from(sessionBookings)
      .where(
        and(
          eq(sessionBookings.sessionId, session.id),
          eq(sessionBookings.memberId, take.memberId),
          sql`${sessionBookings.status} in ('held', 'booked')`,
        ),
      )
      .limit(1)
  )[0];
  if (mine?.status === 'booked') return { outcome: 'already-booked', session, booking: mine };
  const booked = Number(counts?.booked ?? 0);
  const held = take.respectHolds ? Number(counts?.heldByOthers ?? 0) : 0;
  if (booked + 1 > session.capacity) return { outcome: 'full', session };
  if (booked + held + 1 > session.capacity) return { outcome: 'being-booked', session };

  const values =
    take.as === 'booked'
      ? {
          status: 'booked' as const,
          paymentId: take.paymentId ?? null,
          bookedAt: sql`now()`,
          heldUntil: null,
          // session credits: a place booked with a credit records which one it spent
          ...(take.credit && {
            creditSubscriptionId: take.credit.subscriptionId,
            creditPeriodStart: take.credit.periodStart,
            creditReturned: false,
          }),
        }
      : { status: 'held' as const, heldUntil: sql`now() + make_interval(mins => ${CHECKOUT_HOLD_MINUTES})` };
  const series = take.seriesBookingId ? { seriesBookingId: take.seriesBookingId } : {};
  // a hold of their own (a place offered from the waitlist) is never shortened by opening a checkout
  const [booking] = mine
    ? await tx
        .update(sessionBookings)
        .set(
          take.as === 'held'
            ? {
                heldUntil: sql`greatest(${sessionBookings.heldUntil}, now() + make_interval(mins => ${CHECKOUT_HOLD_MINUTES}))`,
                ...series,
              }
            : { ...values, ...series },
        )
        .where(eq(sessionBookings.id, mine.id))
        .returning()
    : await tx
        .insert(sessionBookings)
        .values({ sessionId: session.id, memberId: take.memberId, ...values, ...series })
        .returning();
  return { outcome: 'taken', session, booking: booking! };
}

/** The refusal of a place that is not to be had: a one-place session keeps its own words. */
export function noPlace(taken: Extract<Taken, { outcome: 'full' | 'being-booked' }>) {
  if (taken.outcome === 'being-booked') return conflict('session_being_booked');
  return conflict(taken.session.capacity === 1 ? 'session_already_booked' : 'session_full');
}

/** A checkout that will not be paid (expired, failed, or voided by a price change) gives its held place back. */
export async function releaseHold(db: Executor, sessionId: string, memberId?: string) {
  await db
    .update(sessionBookings)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, heldUntil: null })
    .where(
      and(
        eq(sessionBookings.sessionId, sessionId),
        eq(sessionBookings.status, 'held'),
        memberId ? eq(sessionBookings.memberId, memberId) : undefined,
      ),
    );
}
