import { eq } from 'drizzle-orm';
import { localDay } from '../../../common/time';
import type { Database } from '../../db/client';
import { paymentEvents, revenueEntries, subscriptions, tiers, users, type Tier } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { ProviderEvent, ProviderSubscription } from '../../platform/payments/provider';
import { notify } from '../notifications/service';
import { sessionPaid } from '../sessions/service';

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const metadataOf = (o: Obj) => (o.metadata && typeof o.metadata === 'object' ? (o.metadata as Record<string, string>) : {});

/**
 * The one path every payment state change takes (DESIGN.md §5): Stripe's verified webhooks and
 * test mode's events alike. Idempotent: the event id is written with a unique key in the same
 * transaction as its effect, so a replay changes nothing. Order-proof: subscription events read
 * the subscription's current state back from the provider instead of trusting the payload.
 */
export async function handlePaymentEvent(ctx: AppContext, event: ProviderEvent) {
  const object = event.data.object as Obj;
  // reads from the provider happen before the transaction (PGlite has one connection)
  const remoteId = event.type.startsWith('customer.subscription.') ? str(object.id) : event.type === 'checkout.session.completed' ? str(object.subscription) : undefined;
  const remote = remoteId ? await ctx.payments.retrieveSubscription(remoteId) : undefined;

  // provider calls an effect needs (a refund) run after the commit, for the same reason
  const afterCommit: AfterCommit = [];
  const outcome = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const fresh = await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (fresh.length === 0) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
        await checkoutCompleted(ctx, db, object, remote, afterCommit);
        break;
      case 'invoice.paid':
        await invoicePaid(db, object);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        if (remote) await mirrorSubscription(ctx, db, remote);
        break;
      case 'account.updated':
        await db
          .update(users)
          .set({ stripeDetailsSubmitted: Boolean(object.details_submitted), stripeChargesEnabled: Boolean(object.charges_enabled) })
          .where(eq(users.stripeAccountId, str(object.id) ?? ''));
        break;
      default:
        return 'ignored';
    }
    return 'applied';
  });
  for (const action of afterCommit) {
    // the event is recorded; a failed refund is logged loudly for the operator to finish by hand
    await action().catch((err: unknown) => ctx.log.error({ err, eventId: event.id }, 'payment follow-up failed (refund it in the provider dashboard)'));
  }
  return outcome;
}

/** Provider calls to make once the event's transaction has committed. */
export type AfterCommit = Array<() => Promise<unknown>>;

const findTier = async (db: Database, id: string | undefined) =>
  id ? (await db.select().from(tiers).where(eq(tiers.id, id)).limit(1))[0] : undefined;

async function checkoutCompleted(ctx: AppContext, db: Database, session: Obj, remote: ProviderSubscription | undefined, afterCommit: AfterCommit) {
  const { userId, tierId, sessionId } = metadataOf(session);
  if (sessionId && userId && session.mode === 'payment') {
    // a bookable session, not a tier
    const outcome = await sessionPaid(ctx, db, { sessionId, userId, paymentId: str(session.payment_intent) ?? null }, afterCommit);
    // every paid amount is a revenue entry (DESIGN.md §5); a payment refunded at once is not one
    if (outcome.status === 'booked') {
      const earner = { facilitatorId: outcome.facilitatorId, tierId: null, name: SESSIONS_REVENUE_NAME };
      await recordRevenue(db, earner, num(session.amount_total), str(session.id)!, num(session.created) || undefined);
    }
    return;
  }
  const tier = await findTier(db, tierId);
  const [member] = userId ? await db.select().from(users).where(eq(users.id, userId)).limit(1) : [];
  if (!tier || !member) return;
  if (str(session.customer)) await db.update(users).set({ stripeCustomerId: str(session.customer) }).where(eq(users.id, member.id));

  if (session.mode === 'subscription' && remote) {
    await mirrorSubscription(ctx, db, remote, { userId: member.id, tier });
  } else if (session.mode === 'payment') {
    // a course: paid once, held for good
    await upsertSubscription(ctx, db, member.id, tier, { status: 'active', providerSubscriptionId: null, cancelled: false, cancelAtPeriodEnd: false, endDate: null });
    await recordRevenue(db, earnerOf(tier), num(session.amount_total), str(session.id)!, num(session.created) || undefined);
  }
  await notify(db, { userId: tier.userId, message: `${member.name} ${tier.type === 'single' ? 'bought' : 'subscribed to'} ${tier.name}.`, link: '/dashboard' });
}

async function invoicePaid(db: Database, invoice: Obj) {
  const subscriptionId = str(invoice.subscription);
  let tier = await findTier(db, metadataOf(invoice).tierId);
  if (!tier && subscriptionId) {
    const [local] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId)).limit(1);
    tier = await findTier(db, local?.tierId);
  }
  if (!tier) return;
  await recordRevenue(db, earnerOf(tier), num(invoice.amount_paid), str(invoice.id)!, num(invoice.created) || undefined);
}

/** Who earned a payment, and the line of the earnings chart it counts on. */
type Earner = { facilitatorId: string; tierId: string | null; name: string };
const earnerOf = (tier: Tier): Earner => ({ facilitatorId: tier.userId, tierId: tier.id, name: tier.name });
/** Paid sessions share one line of the chart (it groups by tier, or by this name without one). */
export const SESSIONS_REVENUE_NAME = 'Sessions';

async function recordRevenue(db: Database, earner: Earner, amountCents: number, sourceId: string, createdSeconds?: number) {
  if (amountCents <= 0) return;
  await db
    .insert(revenueEntries)
    .values({
      facilitatorId: earner.facilitatorId,
      tierId: earner.tierId,
      tierName: earner.name,
      amountCents,
      occurredAt: createdSeconds ? new Date(createdSeconds * 1000) : new Date(),
      sourceId,
    })
    .onConflictDoNothing();
}

/** Mirrors the provider's current subscription state onto Tend's row (creating it if needed). */
async function mirrorSubscription(ctx: AppContext, db: Database, remote: ProviderSubscription, known?: { userId: string; tier: Tier }) {
  const [local] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, remote.id)).limit(1);
  const tier = known?.tier ?? (await findTier(db, local?.tierId ?? remote.metadata.tierId));
  const userId = known?.userId ?? local?.userId ?? remote.metadata.userId;
  if (!tier || !userId) return;
  const ended = remote.status === 'canceled' || remote.status === 'incomplete_expired';
  const state = {
    status: remote.status,
    providerSubscriptionId: remote.id,
    cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
    cancelled: ended || remote.cancelAtPeriodEnd,
    endDate: ended ? new Date() : remote.cancelAtPeriodEnd ? new Date(remote.currentPeriodEnd * 1000) : null,
    currentPeriodEnd: remote.currentPeriodEnd ? new Date(remote.currentPeriodEnd * 1000) : null,
  };
  const wasCancelled = local?.cancelled ?? false;
  await upsertSubscription(ctx, db, userId, tier, state);
  if (state.cancelled && !wasCancelled && local) {
    const [member] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    await notify(db, { userId: tier.userId, message: `${member?.name ?? 'A member'} cancelled ${tier.name}.`, link: '/dashboard' });
  }
}

type State = Pick<
  typeof subscriptions.$inferInsert,
  'status' | 'providerSubscriptionId' | 'cancelled' | 'cancelAtPeriodEnd' | 'endDate' | 'currentPeriodEnd'
>;

async function upsertSubscription(ctx: AppContext, db: Database, userId: string, tier: Tier, state: State) {
  const [member] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  await db
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
    });
}
