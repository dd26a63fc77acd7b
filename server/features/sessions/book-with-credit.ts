import type { Session, User } from '../../db/schema';
import { type CommandContext, inTransaction } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { announce } from './announce';
import { creditClock, creditPlansOf, creditsLeftOf } from './credits';
import { creditBookingRefusal, creditCoversSession } from './policy';
import { noPlace, takePlace } from './seats';
import { assertBookable, tellBothSides } from './service';

/**
 * A subscriber books a paid session with one of their tier's session credits instead of paying
 * (POST app/session/{id}/book-with-credit). In one transaction: the member's subscriptions to the
 * facilitator's tiers with credits are locked (FOR UPDATE), their spent credits counted from the
 * booking rows, and the place taken through seats.ts's locked path with the credit recorded on
 * it; so of two bookings racing for the last credit, on any instances, exactly one gets it.
 */
export async function bookWithCredit(ctx: CommandContext, options: { member: User; session: Session }) {
  const { member, session } = options;
  if (session.priceCents === 0) throw badRequest('free_session_book_directly');
  assertBookable(member, session);
  const now = creditClock(ctx);
  const taken = await inTransaction(ctx, async (tx) => {
    const plans = await creditPlansOf(tx.db, member.id, now, { facilitatorId: session.facilitatorId, lock: true });
    const refusal = creditBookingRefusal(member, session, plans);
    if (refusal === 'own_session') throw badRequest('own_session');
    if (refusal) throw forbidden(refusal === 'signed_out' ? 'credits_subscribers_only' : refusal);
    const covering = plans.filter((p) => creditCoversSession(p, session));
    const left = await creditsLeftOf(tx.db, covering);
    const plan = covering.find((p) => (left.get(p.subscriptionId) ?? 0) > 0);
    if (!plan) throw conflict('no_credits_left');
    const result = await takePlace(tx.db, {
      sessionId: session.id,
      memberId: member.id,
      as: 'booked',
      respectHolds: true,
      credit: { subscriptionId: plan.subscriptionId, periodStart: plan.period.start },
    });
    if (result.outcome === 'missing') throw notFound('session_not_found');
    if (result.outcome === 'already-booked') throw conflict('session_already_booked');
    if (result.outcome !== 'taken') throw noPlace(result);
    return result;
  });
  await tellBothSides(ctx.db, taken.session, member);
  await announce(ctx, { what: 'booking', session: taken.session, booking: taken.booking });
  return taken.session;
}
