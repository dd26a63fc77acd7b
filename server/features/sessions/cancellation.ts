import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Session, sessionBookings, sessions, users, type User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { type CommandContext, inTransaction } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { notify } from '../notifications/service';
import { announce } from './announce';
import { sessionNotices } from './notices';
import { canCancelBooking, refundsOnCancel, returnsCreditOnCancel } from './policy';
import { liveBookingOf, zoneOf } from './queries';
import { refundSeriesShares } from './series-booking';
import { refundEach } from './service';
import { promoteFromWaitlist, tellPromoted } from './waitlist';

/**
 * Ends one booked place: one conditional UPDATE from booked to cancelled, which records whether
 * the payment is refunded. Of any number of simultaneous attempts (the member cancelling twice,
 * the facilitator removing them, the session being deleted) exactly one gets the row back, and
 * only that one asks the provider for the refund.
 */
async function endPlace(db: Executor, bookingId: string, refund: boolean, creditBack: boolean) {
  const [ended] = await db
    .update(sessionBookings)
    // session credits: `creditReturned` gives a credit booking's credit back (credits.ts counts it no more)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, refunded: refund, creditReturned: creditBack })
    .where(and(eq(sessionBookings.id, bookingId), eq(sessionBookings.status, 'booked')))
    .returning();
  return ended;
}

/**
 * Ends the place and gives it to the first on the session's waitlist in one transaction, which
 * takes the session row's lock first (the order every change of its places takes), so the freed
 * place is promoted exactly once however many cancellations run at the same time.
 */
async function endPlaceForLine(
  ctx: CommandContext,
  session: Session,
  bookingId: string,
  refund: boolean,
  creditBack: boolean,
) {
  const { ended, promoted } = await inTransaction(ctx, async (tx) => {
    await tx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, session.id)).for('update');
    const ended = await endPlace(tx.db, bookingId, refund, creditBack);
    return { ended, promoted: ended ? await promoteFromWaitlist(tx.db, session.id) : [] };
  });
  if (ended) await tellPromoted(ctx, promoted);
  return ended;
}

const bookedPlaceOf = async (db: Executor, sessionId: string, memberId: string) => {
  const live = await liveBookingOf(db, sessionId, memberId);
  return live?.status === 'booked' ? live : undefined;
};

/**
 * A member cancels their own place (POST app/session/{id}/cancel-booking). Before the session's
 * cancellation window a paid place is refunded; inside it the place is freed without a refund.
 * A session that has started cannot be cancelled. The facilitator is told.
 */
export async function cancelBooking(ctx: CommandContext, options: { member: User; session: Session; now?: Date }) {
  const { member, session } = options;
  const now = options.now ?? new Date();
  const booking = await bookedPlaceOf(ctx.db, session.id, member.id);
  authorize(canCancelBooking(member, booking) && booking !== undefined, hidden('booking_not_found'));
  if (session.startTime.getTime() <= now.getTime()) throw badRequest('session_started');
  const ended = await endPlaceForLine(
    ctx,
    session,
    booking.id,
    refundsOnCancel(session, booking, 'member', now),
    returnsCreditOnCancel(session, booking, 'member', now),
  );
  authorize(ended !== undefined, hidden('booking_not_found'));
  await refundEach(ctx, [ended]);
  // a place of a paid series booking: its share of the series payment, on the same window rule
  if (refundsOnCancel(session, { paymentId: ended.seriesBookingId }, 'member', now))
    await refundSeriesShares(ctx, [ended]);
  await notify(ctx.db, {
    userId: session.facilitatorId,
    type: 'session',
    message: sessionNotices.placeCancelled(session, member.name, await zoneOf(ctx.db, session.facilitatorId)),
    link: '/profile',
    mail: false,
  });
  await announce(ctx, { what: 'place-ended', session, booking: ended, by: 'member' });
  return ended;
}

/**
 * The facilitator (or an admin) removes a member from their session (the route has applied
 * canRemoveBooker): the place is freed, a payment always refunded, and the member is told by a
 * notification and a mail.
 */
export async function removeBooking(ctx: CommandContext, options: { session: Session; memberId: string }) {
  const { session, memberId } = options;
  const booking = await bookedPlaceOf(ctx.db, session.id, memberId);
  authorize(booking !== undefined, hidden('booker_not_found'));
  const ended = await endPlaceForLine(
    ctx,
    session,
    booking.id,
    refundsOnCancel(session, booking, 'facilitator', new Date()),
    returnsCreditOnCancel(session, booking, 'facilitator', new Date()),
  );
  authorize(ended !== undefined, hidden('booker_not_found'));
  await refundEach(ctx, [ended]);
  await refundSeriesShares(ctx, [ended]);
  const [facilitator] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, session.facilitatorId))
    .limit(1);
  await notify(ctx.db, {
    userId: memberId,
    type: 'session',
    message: sessionNotices.placeRemoved(session, facilitator?.name, await zoneOf(ctx.db, memberId), ended.refunded),
    link: `/profile/${session.facilitatorId}`,
    mail: false,
  });
  await announce(ctx, { what: 'place-ended', session, booking: ended, by: 'facilitator' });
  return ended;
}
