import { eq } from 'drizzle-orm';
import { subscriptions, tiers } from '../../db/schema';
import type { InvoiceFacts } from '../../platform/payments/provider';
import { notify } from '../notifications/service';
import { subscriptionTo } from '../subscriptions/queries';
import { type Apply, earnerOf, findTier, findUser, type Outcome } from './events-shared';
import { isRunning, mirrorSubscription } from './events-subscriptions';
import { refundOnce } from './events-checkout';
import { recordRevenue } from './revenue';

/**
 * Every paid invoice is revenue, whatever the order of events: the subscription's member and
 * tier come from Tend's row, or from the provider's subscription (its metadata) before the
 * checkout completion has arrived. A duplicate subscription's invoice (the member already holds
 * the plan through another) is refunded in full at once and never counts.
 */
export async function invoicePaid(a: Apply, invoice: InvoiceFacts): Promise<Outcome> {
  if (invoice.amountPaidCents <= 0 || !invoice.subscriptionId) return 'ignored';
  const { db } = a;
  const [local] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, invoice.subscriptionId))
    .limit(1);
  const tier = await findTier(db, local?.tierId ?? a.reads.remote?.metadata.tierId);
  const memberId = local?.userId ?? a.reads.remote?.metadata.userId;
  if (!tier || !memberId) return 'ignored';
  const member = await findUser(db, memberId);
  const payment = {
    memberId: member?.id ?? null,
    amountCents: invoice.amountPaidCents,
    sourceId: invoice.id,
    paymentRef: invoice.paymentId,
    created: invoice.created,
    // a subscription that began with an offer keeps it on every payment, discounted or not
    offerId: a.reads.remote?.metadata.offerId,
    discountCents: invoice.discountCents ?? 0,
    // a subscription billed on the facilitator's own account pays Tend no application fee
    ...(local?.providerAccountId ? { feePercent: 0 } : {}),
  };
  if (!local) {
    const held = await subscriptionTo(db, memberId, tier.id);
    if (held && isRunning(held)) {
      await refundOnce(a, invoice.paymentId, { earner: earnerOf(tier), payment });
      return 'refunded';
    }
  }
  await recordRevenue(a.ctx, db, earnerOf(tier), payment);
  // a renewal's invoice moves the period on: the row follows the provider's subscription read for it
  if (local && a.reads.remote?.id === local.providerSubscriptionId) await mirrorSubscription(a, a.reads.remote);
  return 'applied';
}

/** A renewal was declined: past due keeps access through the provider's retries; the member is told. */
export async function invoiceFailed(a: Apply, invoice: InvoiceFacts): Promise<Outcome> {
  const remote = a.reads.remote;
  if (!remote) return 'ignored';
  await mirrorSubscription(a, remote);
  const [row] = await a.db
    .select({ userId: subscriptions.userId, tierName: tiers.name })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(eq(subscriptions.providerSubscriptionId, remote.id))
    .limit(1);
  if (!row) return 'ignored';
  await notify(a.db, {
    userId: row.userId,
    type: 'payment',
    message:
      `We could not renew ${row.tierName}: your card was declined. ` +
      'Update your payment details to keep your access.',
    link: '/subscriptions',
  });
  return invoice.id ? 'applied' : 'ignored';
}
