import type { SessionCreditsAnswer } from '../../../common/sessions/schemas';
import type { Session } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { creditClock, creditPlansOf, creditsForSession, creditsLeftOf, type SessionCredits } from './credits';

/**
 * The viewer's session credits, loaded once (two queries) for a whole list of sessions: the
 * answer is a lookup giving each paid session what the viewer has left for it, or nothing.
 */
export async function creditsLookup(
  ctx: AppContext,
  viewerId: string,
): Promise<(session: Session) => SessionCredits | undefined> {
  const plans = await creditPlansOf(ctx.db, viewerId, creditClock(ctx));
  if (plans.length === 0) return () => undefined;
  const left = await creditsLeftOf(ctx.db, plans);
  return (session) => (session.facilitatorId === viewerId ? undefined : creditsForSession(plans, left, session));
}

/** GET app/user/session-credits: each of the member's active subscriptions whose tier includes credits. */
export async function sessionCreditsOf(ctx: AppContext, memberId: string): Promise<SessionCreditsAnswer> {
  const plans = await creditPlansOf(ctx.db, memberId, creditClock(ctx));
  const left = await creditsLeftOf(ctx.db, plans);
  return plans.map((p) => ({
    subscriptionId: p.subscriptionId,
    tierId: p.tierId,
    tierName: p.tierName,
    facilitator: { _id: p.facilitator.id, name: p.facilitator.name, profilePicture: p.facilitator.profilePicture },
    perPeriod: p.perPeriod,
    left: left.get(p.subscriptionId) ?? 0,
    period: p.unit,
    renewsAt: p.period.end.toISOString(),
    rollOver: p.rollOver,
  }));
}
