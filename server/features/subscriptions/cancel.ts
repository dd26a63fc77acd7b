import { and, eq, isNull } from 'drizzle-orm';
import { subscriptions, tierGrants } from '../../db/schema';
import { type CommandContext, inTransaction, recordAudit } from '../../platform/context';
import { badRequest, conflict, fail, HttpError } from '../../platform/errors';
import { billedByProvider, cancelAbilities } from './policy';
import { findSubscriptionWithParties } from './queries';
import { tierGroupFollows } from './tier-group';

/**
 * Cancels a member's subscription, now or at the end of the period paid for (an
 * admin's money tools, through asAdmin). Subscriptions the provider bills are cancelled there,
 * and the new state comes back through its events like any other cancellation; free ones and
 * courses are ended in Tend. Audited through the context's hook either way. Answers the
 * subscription as it is now and what happened.
 */
export async function cancelSubscription(
  ctx: CommandContext,
  { subscriptionId, when }: { subscriptionId: string; when: 'now' | 'period_end' },
) {
  const row = await findSubscriptionWithParties(ctx.db, subscriptionId);
  const s = row.subscription;
  const may = cancelAbilities(s);
  if (when === 'period_end' && !billedByProvider(s)) throw badRequest('no_billing_period');
  if (when === 'period_end' && s.cancelAtPeriodEnd && may.canCancelNow) throw conflict('already_ending');
  if (!(when === 'now' ? may.canCancelNow : may.canCancelAtPeriodEnd)) throw conflict('subscription_ended');

  const event = {
    action: 'cancel' as const,
    targetType: 'subscription',
    targetId: s.id,
    details: {
      when,
      member: row.member.email,
      tier: row.tier.name,
      facilitator: row.facilitator.name,
      provider: s.provider,
    },
  };
  if (billedByProvider(s)) {
    try {
      await ctx.payments.cancelSubscription(s.providerSubscriptionId!, {
        now: when === 'now',
        accountId: s.providerAccountId,
      });
    } catch (err) {
      // the provider out of reach answers as such (503, try again), not as a refusal
      if (err instanceof HttpError && err.statusCode === 503) throw err;
      ctx.log.warn(
        { err, providerSubscriptionId: s.providerSubscriptionId },
        'cancellation refused by the payment provider',
      );
      throw fail(502, 'provider_failed');
    }
    await recordAudit(ctx, event);
  } else {
    await inTransaction(ctx, async (tx) => {
      // only an active one: a second admin's cancel a moment earlier is not cancelled twice
      const ended = await tx.db
        .update(subscriptions)
        .set({ cancelled: true, status: 'canceled', endDate: new Date() })
        .where(and(eq(subscriptions.id, s.id), eq(subscriptions.cancelled, false)))
        .returning({ id: subscriptions.id });
      if (ended.length === 0) throw conflict('subscription_ended');
      // complimentary access ended by an admin ends its grant too, so the facilitator's list says so
      if (s.provider === 'complimentary')
        await tx.db
          .update(tierGrants)
          .set({ revokedAt: new Date() })
          .where(
            and(eq(tierGrants.tierId, s.tierId), eq(tierGrants.memberId, row.member.id), isNull(tierGrants.revokedAt)),
          );
      await tierGroupFollows(tx.db, { userId: row.member.id, tier: row.tier, hadAccess: true, hasAccess: false });
      await recordAudit(tx, event);
    });
  }

  const now = await findSubscriptionWithParties(ctx.db, s.id);
  const after = cancelAbilities(now.subscription);
  const outcome = !after.canCancelNow
    ? ('cancelled' as const)
    : now.subscription.cancelAtPeriodEnd && when === 'period_end'
      ? ('ends_at_period_end' as const)
      : ('requested' as const);
  return { outcome, subscription: now };
}
