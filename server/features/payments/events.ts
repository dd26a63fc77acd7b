import { and, eq } from 'drizzle-orm';
import { isId } from '../../../common/params';
import { localDay } from '../../../common/time';
import type { Database } from '../../db/client';
import {
  checkoutSessions,
  paymentEvents,
  subscriptions,
  tiers,
  users,
  type Subscription,
  type Tier,
  type User,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type {
  AccountState,
  CheckoutFacts,
  InvoiceFacts,
  PaymentEvent,
  ProviderSubscription,
} from '../../platform/payments/provider';
import { notify } from '../notifications/service';
import { releaseCheckoutHold, sessionPaid } from '../sessions/service';
import { isEntitled } from '../subscriptions/service';
import { findTier as findTierById } from '../tiers/queries';
import { tierGroupFollows } from '../subscriptions/tier-group';
import { recordReversal, recordRevenue, reverseDispute, SESSIONS_REVENUE_NAME, type Earner } from './revenue';
import { payoutColumns } from './service';
import { subscriptionTo } from '../subscriptions/queries';

export { SESSIONS_REVENUE_NAME };

/** Provider calls to make once the event's transaction has committed (refunds, cancellations). */
export type AfterCommit = Array<() => Promise<unknown>>;

/** What applying an event came to: 'duplicate' for one already applied, 'pending' while a delayed payment settles. */
export type Outcome = 'applied' | 'duplicate' | 'ignored' | 'pending' | 'refunded';

type Reads = { remote?: ProviderSubscription; account?: AccountState };
type Apply = { ctx: AppContext; db: Database; reads: Reads; afterCommit: AfterCommit };

/**
 * The one path every payment state change takes (DESIGN.md §5): Stripe's verified webhooks and
 * test mode alike. Idempotent: the event id is written with a unique key in the same transaction
 * as its effect, so a replay changes nothing, and a failure leaves the event unmarked for the
 * provider's retry. Order-proof: subscription and account state is read back from the provider
 * instead of trusted from the payload, so events may arrive in any order.
 */
export async function handlePaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<Outcome> {
  // reads from the provider happen before the transaction (PGlite has one connection)
  const subscriptionId = subscriptionOf(event);
  const reads: Reads = {
    remote: subscriptionId ? await ctx.payments.retrieveSubscription(subscriptionId) : undefined,
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
      // a delayed payment method: nothing is granted until the money arrives
      return event.checkout.paid ? grant(a, event.checkout) : 'pending';
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

const setCheckoutStatus = (db: Database, id: string, status: 'complete' | 'expired') =>
  db
    .update(checkoutSessions)
    .set({ status })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));

/** Ids from a provider's metadata are checked before they reach a query. */
const findTier = async (db: Database, id: string | undefined) => (isId(id) ? findTierById(db, id) : undefined);

const findUser = async (db: Database, id: string | undefined) =>
  isId(id) ? (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] : undefined;

const earnerOf = (tier: Tier): Earner => ({ facilitatorId: tier.userId, tierId: tier.id, name: tier.name });

/** A paid checkout: the session is booked, the course unlocked, or the subscription started. */
async function grant(a: Apply, c: CheckoutFacts): Promise<Outcome> {
  const { ctx, db, afterCommit } = a;
  const member = await findUser(db, c.metadata.userId);
  if (!member) return 'ignored';
  const payment = {
    memberId: member.id,
    amountCents: c.amountCents,
    sourceId: c.id,
    paymentRef: c.paymentId,
    created: c.created,
  };

  if (c.metadata.sessionId) {
    const outcome = await sessionPaid(
      ctx,
      db,
      { sessionId: c.metadata.sessionId, userId: member.id, paymentId: c.paymentId },
      afterCommit,
    );
    // every paid amount is a revenue entry (DESIGN.md §5); a payment refunded at once is not one
    if (outcome.status !== 'booked') return 'refunded';
    await recordRevenue(
      ctx,
      db,
      { facilitatorId: outcome.facilitatorId, tierId: null, name: SESSIONS_REVENUE_NAME },
      payment,
    );
    return 'applied';
  }

  const tier = await findTier(db, c.metadata.tierId);
  if (!tier) return 'ignored';
  if (c.customerId && c.customerId !== member.stripeCustomerId)
    await db.update(users).set({ stripeCustomerId: c.customerId }).where(eq(users.id, member.id));
  const held = await subscriptionTo(db, member.id, tier.id);

  if (c.mode === 'subscription') {
    const remote = a.reads.remote;
    if (!remote) return 'ignored';
    if (held && isRunning(held) && held.providerSubscriptionId !== remote.id) {
      // a second checkout of a plan the member already has: never two subscriptions billing
      afterCommit.push(() => ctx.payments.cancelSubscription(remote.id, { now: true }));
      if (c.paymentId) afterCommit.push(() => ctx.payments.refundPayment(c.paymentId!));
      await tellDuplicate(db, member, tier);
      return 'refunded';
    }
    await mirrorSubscription(a, remote, { userId: member.id, tier });
  } else {
    if (held && isEntitled(held) && !held.cancelled) {
      if (c.paymentId) afterCommit.push(() => ctx.payments.refundPayment(c.paymentId!));
      await tellDuplicate(db, member, tier);
      return 'refunded';
    }
    // a course: paid once, held for good
    await upsertSubscription(ctx, db, member.id, tier, {
      status: 'active',
      providerSubscriptionId: null,
      cancelled: false,
      cancelAtPeriodEnd: false,
      endDate: null,
      currentPeriodEnd: null,
    });
    await recordRevenue(ctx, db, earnerOf(tier), payment);
  }
  await notify(db, {
    userId: tier.userId,
    type: 'subscriber',
    message: `${member.name} ${tier.type === 'single' ? 'bought' : 'subscribed to'} ${tier.name}.`,
    link: '/dashboard',
  });
  return 'applied';
}

/** Still billing at the provider: a second subscription next to it would charge twice. */
const isRunning = (s: Subscription) =>
  s.providerSubscriptionId !== null && ['active', 'trialing', 'past_due'].includes(s.status) && !s.cancelled;

const tellDuplicate = (db: Database, member: User, tier: Tier) =>
  notify(db, {
    userId: member.id,
    type: 'payment',
    message: `You already have ${tier.name}, so your second payment has been refunded${tier.type === 'subscription' ? ' and the extra subscription cancelled' : ''}.`,
    link: '/subscriptions',
  });

/** A checkout that will not be paid: its session hold ends; a failed delayed payment is told to the member. */
async function checkoutLapsed(a: Apply, c: CheckoutFacts, failed: boolean): Promise<Outcome> {
  await setCheckoutStatus(a.db, c.id, 'expired');
  if (c.metadata.sessionId) await releaseCheckoutHold(a.db, c.metadata.sessionId, c.metadata.userId ?? '');
  if (!failed) return 'applied';
  const member = await findUser(a.db, c.metadata.userId);
  if (!member) return 'ignored';
  await notify(a.db, {
    userId: member.id,
    type: 'payment',
    message:
      'Your payment did not go through, so nothing was booked or unlocked. You can try again with another payment method.',
    link: '/subscriptions',
  });
  return 'applied';
}

/**
 * Every paid invoice is revenue, whatever the order of events: the subscription's member and
 * tier come from Tend's row, or from the provider's subscription (its metadata) before the
 * checkout completion has arrived. A duplicate subscription's invoice is not revenue: it is
 * being refunded.
 */
async function invoicePaid(a: Apply, invoice: InvoiceFacts): Promise<Outcome> {
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
  if (!local) {
    const held = await subscriptionTo(db, memberId, tier.id);
    if (held && isRunning(held)) return 'ignored';
  }
  const member = await findUser(db, memberId);
  await recordRevenue(a.ctx, db, earnerOf(tier), {
    memberId: member?.id ?? null,
    amountCents: invoice.amountPaidCents,
    sourceId: invoice.id,
    paymentRef: invoice.paymentId,
    created: invoice.created,
  });
  return 'applied';
}

/** A renewal was declined: past due keeps access through the provider's retries; the member is told. */
async function invoiceFailed(a: Apply, invoice: InvoiceFacts): Promise<Outcome> {
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
    message: `We could not renew ${row.tierName}: your card was declined. Update your payment details to keep your access.`,
    link: '/subscriptions',
  });
  return invoice.id ? 'applied' : 'ignored';
}

async function accountChanged(db: Database, account: AccountState): Promise<Outcome> {
  const updated = await db
    .update(users)
    .set(payoutColumns(account))
    .where(eq(users.stripeAccountId, account.accountId))
    .returning({ id: users.id });
  return updated.length ? 'applied' : 'ignored';
}

/** Mirrors the provider's current subscription state onto Tend's row (creating it if needed). */
async function mirrorSubscription(
  a: Apply,
  remote: ProviderSubscription,
  known?: { userId: string; tier: Tier },
): Promise<Outcome> {
  const { ctx, db } = a;
  const [local] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, remote.id))
    .limit(1);
  const tier = known?.tier ?? (await findTier(db, local?.tierId ?? remote.metadata.tierId));
  const userId = known?.userId ?? local?.userId ?? remote.metadata.userId;
  if (!tier || !userId) return 'ignored';
  if (!local) {
    // a duplicate subscription being cancelled must not overwrite the one the member keeps
    const held = await subscriptionTo(db, userId, tier.id);
    if (held && isRunning(held) && held.providerSubscriptionId !== remote.id) return 'ignored';
  }
  // unpaid (retries exhausted) and canceled end access; past_due keeps it while the provider retries
  const ended = ['canceled', 'incomplete_expired', 'unpaid'].includes(remote.status);
  const state = {
    status: remote.status,
    providerSubscriptionId: remote.id,
    cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
    cancelled: ended || remote.cancelAtPeriodEnd,
    endDate: ended
      ? local?.endDate && local.endDate < new Date()
        ? local.endDate
        : new Date()
      : remote.cancelAtPeriodEnd
        ? new Date(remote.currentPeriodEnd * 1000)
        : null,
    currentPeriodEnd: remote.currentPeriodEnd ? new Date(remote.currentPeriodEnd * 1000) : null,
  };
  const wasCancelled = local?.cancelled ?? false;
  await upsertSubscription(ctx, db, userId, tier, state);
  if (state.cancelled && !wasCancelled && local) {
    const [member] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    await notify(db, {
      userId: tier.userId,
      type: 'subscriber',
      message: `${member?.name ?? 'A member'} cancelled ${tier.name}.`,
      link: '/dashboard',
    });
  }
  return 'applied';
}

type State = Pick<
  typeof subscriptions.$inferInsert,
  'status' | 'providerSubscriptionId' | 'cancelled' | 'cancelAtPeriodEnd' | 'endDate' | 'currentPeriodEnd'
>;

async function upsertSubscription(ctx: AppContext, db: Database, userId: string, tier: Tier, state: State) {
  const [member] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  const before = await subscriptionTo(db, userId, tier.id);
  const [after] = await db
    .insert(subscriptions)
    .values({
      userId,
      tierId: tier.id,
      startDate: localDay(new Date(), member?.timeZone ?? 'UTC'),
      priceCents: tier.priceCents,
      provider: ctx.payments.kind,
      ...state,
    })
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.tierId],
      set: { ...state, provider: ctx.payments.kind, priceCents: tier.priceCents },
    })
    .returning();
  await tierGroupFollows(db, {
    userId,
    tier,
    hadAccess: before ? isEntitled(before) : false,
    hasAccess: isEntitled(after!),
  });
}
