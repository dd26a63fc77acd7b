import { eq } from 'drizzle-orm';
import { localDay } from '../../../common/time';
import type { Database } from '../../db/client';
import { subscriptions, users, type Subscription, type Tier } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { ProviderSubscription } from '../../platform/payments/provider';
import { notify } from '../notifications/service';
import { isActive, isEntitled } from '../subscriptions/entitlement';
import { tierGroupFollows } from '../subscriptions/tier-group';
import { subscriptionTo } from '../subscriptions/queries';
import { pricesByTier } from '../tiers/prices';
import { type Apply, findTier, type Outcome } from './events-shared';

/** Still billing at the provider (billed there and active): a second subscription next to it would charge twice. */
export const isRunning = (s: Subscription) => s.providerSubscriptionId !== null && isActive(s);

/** Mirrors the provider's current subscription state onto Tend's row (creating it if needed). */
export async function mirrorSubscription(
  a: Apply,
  remote: ProviderSubscription,
  known?: { userId: string; tier: Tier; customerId?: string },
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
    // a subscription on a facilitator's own account stays there: every later call names it
    providerAccountId: remote.accountId ?? local?.providerAccountId ?? null,
    providerCustomerId: known?.customerId ?? local?.providerCustomerId ?? null,
  };
  const wasCancelled = local?.cancelled ?? false;
  await upsertSubscription(ctx, db, userId, tier, state, await termsOf(db, tier, remote));
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

/** The price and interval a subscription bills, as the provider's subscription says. */
type Terms = Pick<
  typeof subscriptions.$inferInsert,
  'priceCents' | 'tierPriceId' | 'billingInterval' | 'discountCents' | 'discountEndsAt'
>;

/**
 * Which of the tier's prices the provider's subscription is on: the one holding the provider's
 * Price, else the one of its interval; its amount and interval are the provider's. A provider
 * that says nothing of its price leaves the tier's default.
 */
async function termsOf(db: Database, tier: Tier, remote: ProviderSubscription): Promise<Terms> {
  const prices = (await pricesByTier(db, [tier.id])).get(tier.id) ?? [];
  const billed = remote.price;
  if (!billed) {
    const byDefault = prices.find((p) => p.isDefault);
    return { priceCents: tier.priceCents, tierPriceId: byDefault?.id ?? null, billingInterval: tier.billingInterval };
  }
  const match =
    prices.find((p) => billed.providerPriceId !== null && p.stripePriceId === billed.providerPriceId) ??
    prices.find((p) => p.interval === billed.interval);
  return {
    priceCents: billed.amountCents,
    tierPriceId: match?.id ?? null,
    billingInterval: billed.interval,
    ...discountTerms(remote.discount),
  };
}

/** A discount the provider takes off every bill, as the row keeps it (none: both cleared). */
const discountTerms = (discount: ProviderSubscription['discount']) => ({
  discountCents: discount ? discount.centsOff : null,
  discountEndsAt: discount?.endsAt ? new Date(discount.endsAt * 1000) : null,
});

export type State = Pick<
  typeof subscriptions.$inferInsert,
  | 'status'
  | 'providerSubscriptionId'
  | 'cancelled'
  | 'cancelAtPeriodEnd'
  | 'endDate'
  | 'currentPeriodEnd'
  | 'providerAccountId'
  | 'providerCustomerId'
>;

export async function upsertSubscription(
  ctx: AppContext,
  db: Database,
  userId: string,
  tier: Tier,
  state: State,
  terms: Terms = { priceCents: tier.priceCents },
) {
  const [member] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  const before = await subscriptionTo(db, userId, tier.id);
  const trial = trialMoments(before, state.status);
  const [after] = await db
    .insert(subscriptions)
    .values({
      userId,
      tierId: tier.id,
      startDate: localDay(new Date(), member?.timeZone ?? 'UTC'),
      provider: ctx.payments.kind,
      ...state,
      ...trial,
      ...terms,
    })
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.tierId],
      set: { ...state, ...trial, provider: ctx.payments.kind, ...terms },
    })
    .returning();
  await tierGroupFollows(db, {
    userId,
    tier,
    hadAccess: before ? isEntitled(before) : false,
    hasAccess: isEntitled(after!),
  });
}

/**
 * The earnings dashboard's trial figures: a trial starts when the row first reads 'trialing'
 * (a resubscription's new trial starts again, and clears the old conversion and reminder), and
 * converts when a trialing row turns 'active' (paid). Only what changes is set.
 */
function trialMoments(before: Subscription | undefined, status: string | undefined) {
  const now = new Date();
  if (status === 'trialing' && before?.status !== 'trialing')
    return { trialStartedAt: now, trialConvertedAt: null, trialReminderSentAt: null };
  if (status === 'active' && before?.status === 'trialing' && before.trialStartedAt) return { trialConvertedAt: now };
  return {};
}
