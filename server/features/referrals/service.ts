import { and, eq, isNull } from 'drizzle-orm';
import { isId } from '../../../common/params';
import type { Executor } from '../../db/client';
import { referrals, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { mayCredit } from './policy';
import { memberReferralsPage, referralCounts, referrerByCode } from './queries';
import { presentFacilitatorReferral, presentMyReferrals } from './presenter';
import { earnedRewards, grantReferralReward } from './rewards';

/**
 * A new account signed up with a referral code: the code's owner is credited once (the referee
 * is unique in referrals). A code that names no account, the new account itself or an account of
 * the same mailbox credits nobody, and registration goes on as if it had none.
 */
export async function creditReferral(db: Executor, referee: { id: string; email: string }, code: string | null) {
  if (!code || !isId(code)) return;
  const referrer = await referrerByCode(db, code);
  if (!referrer || !mayCredit(referrer, referee)) return;
  await db.insert(referrals).values({ referrerId: referrer.id, refereeId: referee.id }).onConflictDoNothing();
}

/**
 * The referee's first payment, to whichever facilitator: written by one conditional update of the
 * empty first_paid_at, so a second payment, a retried event or another instance changes nothing.
 * A first payment to a facilitator with a referral reward grants it to the referrer (rewards.ts).
 */
export async function recordReferredPayment(
  db: Executor,
  payment: {
    memberId: string;
    facilitatorId: string;
    tierId: string | null;
    amountCents: number;
    sourceId: string;
    paidAt: Date;
  },
) {
  await db
    .update(referrals)
    .set({
      firstPaidAt: payment.paidAt,
      facilitatorId: payment.facilitatorId,
      tierId: payment.tierId,
      amountCents: payment.amountCents,
      paymentSourceId: payment.sourceId,
    })
    .where(and(eq(referrals.refereeId, payment.memberId), isNull(referrals.firstPaidAt)));
  await grantReferralReward(db, payment);
}

/** Settings → Referrals: my link and my counts. */
export async function myReferrals(ctx: AppContext, user: Pick<User, 'id'>) {
  return {
    ...presentMyReferrals(user, ctx.config.publicUrl, await referralCounts(ctx.db, user.id)),
    rewards: await earnedRewards(ctx.db, user.id),
  };
}

/** The facilitator's members whom someone brought, a page at a time. */
export async function memberReferrals(
  ctx: AppContext,
  facilitator: Pick<User, 'id'>,
  page: { cursor?: string; limit: number },
) {
  const { items, next } = await memberReferralsPage(ctx.db, facilitator.id, page);
  return { items: items.map((row) => presentFacilitatorReferral(row, facilitator.id)), next };
}
