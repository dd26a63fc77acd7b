import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentEvents, subscriptions, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { AccountState, PaymentEvent } from '../../platform/payments/provider';
import { holdWhileSettling } from '../offers/redemptions';
import { checkoutLapsed, grant, setCheckoutStatus } from './events-checkout';
import { invoiceFailed, invoicePaid } from './events-invoices';
import type { AfterCommit, Apply, Outcome, Reads } from './events-shared';
import { mirrorSubscription } from './events-subscriptions';
import { recordReversal, reverseDispute } from './revenue';
import { payoutColumns } from './service';

export type { Outcome };

/**
 * The one path every payment state change takes: Stripe's verified webhooks and test mode alike.
 * Idempotent: the event id is written with a unique key in the same transaction as its effect,
 * so a replay changes nothing, and a failure leaves the event unmarked for the
 * provider's retry. Order-proof: subscription and account state is read back from the provider
 * instead of trusted from the payload, so events may arrive in any order.
 */
export async function handlePaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<Outcome> {
  // reads from the provider happen before the transaction (PGlite has one connection)
  const subscriptionId = subscriptionOf(event);
  const reads: Reads = {
    remote: subscriptionId
      ? await ctx.payments.retrieveSubscription(subscriptionId, {
          accountId: ('account' in event ? event.account : undefined) ?? (await accountOf(ctx.db, subscriptionId)),
        })
      : undefined,
    account: event.type === 'account.changed' ? await ctx.payments.retrieveAccount(event.accountId) : undefined,
  };
  const afterCommit: AfterCommit = [];
  const outcome = await ctx.db.transaction(async (tx) => {
    const db = tx;
    const fresh = await db
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0) return 'duplicate' as const;
    const buyer = buyerOf(event, reads);
    // one member's events about one thing apply one at a time, whichever instance received them:
    // two payments of one plan arriving together cannot both see it unheld and both grant it
    if (buyer) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${buyer}, 0))`);
    return apply({ ctx, db, reads, afterCommit }, event);
  });
  for (const action of afterCommit) {
    // the event is recorded; a failed refund is logged loudly for the operator to finish by hand
    await action().catch((err: unknown) =>
      ctx.log.error({ err, eventId: event.id }, 'payment follow-up failed (refund it in the provider dashboard)'),
    );
  }
  return outcome;
}

/**
 * The connected account a subscription Tend holds lives on (one a facilitator brought over), so
 * an event that does not name it (test mode's, a switch read back) still reads it there.
 */
async function accountOf(db: Database, providerSubscriptionId: string) {
  const [row] = await db
    .select({ accountId: subscriptions.providerAccountId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .limit(1);
  return row?.accountId ?? null;
}

/** The member and the thing (tier or session) an event is about, when it names them. */
function buyerOf(event: PaymentEvent, reads: Reads) {
  const metadata =
    'checkout' in event ? event.checkout.metadata : subscriptionOf(event) ? reads.remote?.metadata : undefined;
  const thing = metadata?.tierId ?? metadata?.sessionId ?? metadata?.seriesBookingId ?? metadata?.giftId;
  return metadata?.userId && thing ? `payment:${metadata.userId}:${thing}` : undefined;
}

function subscriptionOf(event: PaymentEvent) {
  switch (event.type) {
    case 'checkout.completed':
    case 'checkout.async_succeeded':
      return event.checkout.subscriptionId;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return event.invoice.subscriptionId;
    case 'subscription.changed':
      return event.subscriptionId;
    default:
      return null;
  }
}

async function apply(a: Apply, event: PaymentEvent): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.completed':
      await setCheckoutStatus(a.db, event.checkout.id, 'complete');
      // a delayed payment method: nothing is granted until the money arrives (its offer place is kept)
      if (event.checkout.paid) return grant(a, event.checkout);
      await holdWhileSettling(a.db, event.checkout.metadata.redemptionId);
      return 'pending';
    case 'checkout.async_succeeded':
      return grant(a, { ...event.checkout, paid: true });
    case 'checkout.async_failed':
    case 'checkout.expired':
      return checkoutLapsed(a, event.checkout, event.type === 'checkout.async_failed');
    case 'invoice.paid':
      return invoicePaid(a, event.invoice);
    case 'invoice.payment_failed':
      return invoiceFailed(a, event.invoice);
    case 'subscription.changed':
      return a.reads.remote ? mirrorSubscription(a, a.reads.remote) : 'ignored';
    case 'account.changed':
      return accountChanged(a.db, a.reads.account!);
    case 'payment.refunded':
      return recordReversal(a.ctx, a.db, event.refund);
    case 'payment.disputed':
      return reverseDispute(a.ctx, a.db, event.dispute);
  }
}

async function accountChanged(db: Database, account: AccountState): Promise<Outcome> {
  const updated = await db
    .update(users)
    .set(payoutColumns(account))
    .where(eq(users.stripeAccountId, account.accountId))
    .returning({ id: users.id });
  return updated.length ? 'applied' : 'ignored';
}
