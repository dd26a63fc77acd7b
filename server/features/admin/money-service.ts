import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_MONEY_MESSAGES,
  type AdminPaymentRow,
  type AdminSubscriptionRow,
  type CancelSubscriptionAnswer,
  type RefundPaymentAnswer,
  type SUBSCRIBER_SORT_KEYS,
} from '../../../common/admin/money-schemas';
import { centsToDollars, formatUsd } from '../../../common/money';
import type { Database } from '../../db/client';
import { revenueEntries, subscriptions, tiers, users, type Subscription, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, HttpError } from '../../platform/errors';
import { anyContainsText } from '../../platform/text-search';
import { isActive } from '../subscriptions/service';
import { audit } from './audit';
import { keysetPage, sortKeyColumn, type KeysetRequest, type SortPart } from '../../platform/keyset';
import { billedByProvider, cancelAbilities, cancellableSql, refundAbilities } from './money-policy';
import { tierGroupFollows } from '../subscriptions/tier-group';

type Admin = Pick<User, 'id' | 'email'>;
const M = ADMIN_MONEY_MESSAGES;

/** 404 with a code for the client and a sentence for people. */
const missing = (error: string, message: string) => new HttpError(404, { error, message });
/** The provider refused or could not be reached: not the admin's input, not Tend's fault either. */
const providerFailed = () => new HttpError(502, { error: 'provider_failed', message: M.providerFailed });

// ---- subscriptions -------------------------------------------------------------------------------

const member = alias(users, 'member');
const owner = alias(users, 'owner');

const subscriptionColumns = {
  subscription: subscriptions,
  tier: { id: tiers.id, name: tiers.name, type: tiers.type },
  member: { id: member.id, name: member.name, email: member.email },
  facilitator: { id: owner.id, name: owner.name },
};
type SubscriptionJoin = {
  subscription: Subscription;
  tier: { id: string; name: string; type: 'subscription' | 'single' };
  member: { id: string; name: string; email: string };
  facilitator: { id: string; name: string };
};

/** Subscriptions with their tier, member and facilitator, in one query. */
const selectSubscriptions = <Extra extends Record<string, SQL>>(db: Database, extra: Extra = {} as Extra) =>
  db
    .select({ ...subscriptionColumns, ...extra })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .innerJoin(member, eq(member.id, subscriptions.userId))
    .innerJoin(owner, eq(owner.id, tiers.userId));

export const presentSubscription = ({
  subscription: s,
  tier,
  member: m,
  facilitator,
}: SubscriptionJoin): AdminSubscriptionRow => ({
  _id: s.id,
  member: { _id: m.id, name: m.name, email: m.email },
  tier: { _id: tier.id, name: tier.name, type: tier.type },
  facilitator: { _id: facilitator.id, name: facilitator.name },
  price: centsToDollars(s.priceCents),
  isPaid: s.provider !== 'free',
  status: s.status,
  isActive: isActive(s),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  startDate: s.startDate,
  endDate: s.endDate?.toISOString() ?? null,
  periodEnd: s.currentPeriodEnd?.toISOString() ?? null,
  ...cancelAbilities(s),
});

/** Throws 404 unless the account exists; `facilitatorsOnly` for the subscribers list. */
export async function requireAccount(ctx: AppContext, userId: string, facilitatorsOnly = false) {
  const [row] = await ctx.db
    .select({ id: users.id, email: users.email, isFacilitator: users.isFacilitator })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw missing('user_not_found', M.userNotFound);
  if (facilitatorsOnly && !row.isFacilitator) throw missing('facilitator_not_found', M.facilitatorNotFound);
  return row;
}

/** Every subscription the member holds or held, newest first. */
export async function memberSubscriptions(ctx: AppContext, userId: string) {
  const rows = await selectSubscriptions(ctx.db)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  return rows.map(presentSubscription);
}

const byCreated: SortPart[] = [
  { expr: sql`${subscriptions.createdAt}`, type: 'timestamptz' },
  { expr: sql`${subscriptions.id}`, type: 'uuid' },
];
const SUBSCRIBER_SORTS: Record<(typeof SUBSCRIBER_SORT_KEYS)[number] | 'newest', SortPart[]> = {
  newest: byCreated,
  email: [{ expr: sql`lower(${member.email})`, type: 'text' }, ...byCreated],
  tier: [{ expr: sql`lower(${tiers.name})`, type: 'text' }, ...byCreated],
};

/**
 * One keyset page of a facilitator's current subscribers: the subscriptions to their tiers an
 * admin can still cancel (the ones that hold back the account's deletion among them).
 */
export function facilitatorSubscribers(
  ctx: AppContext,
  facilitatorId: string,
  query: KeysetRequest & { sort?: (typeof SUBSCRIBER_SORT_KEYS)[number]; search?: string },
) {
  const sort = SUBSCRIBER_SORTS[query.sort ?? 'newest'];
  const dir = query.sort ? query.dir : 'desc';
  const search = query.search ? anyContainsText([member.name, member.email, tiers.name], query.search) : undefined;
  const filter = and(eq(tiers.userId, facilitatorId), cancellableSql(), search);
  return keysetPage(
    sort,
    { ...query, dir },
    async (where, order, limit) => {
      const rows = await selectSubscriptions(ctx.db, { sortKey: sortKeyColumn(sort) })
        .where(and(filter, where))
        .orderBy(...order)
        .limit(limit);
      return rows.map((row) => ({ ...presentSubscription(row), sortKey: row.sortKey }));
    },
    async () => {
      const [row] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(subscriptions)
        .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
        .innerJoin(member, eq(member.id, subscriptions.userId))
        .where(filter);
      return row?.n ?? 0;
    },
  );
}

async function findSubscription(ctx: AppContext, subscriptionId: string) {
  const [row] = await selectSubscriptions(ctx.db).where(eq(subscriptions.id, subscriptionId));
  if (!row) throw missing('subscription_not_found', M.subscriptionNotFound);
  return row;
}

/**
 * Cancels a member's subscription, now or at the end of the period paid for. Subscriptions the
 * provider bills are cancelled there, and the new state comes back through its events like any
 * other cancellation; free ones and courses are ended in Tend. Audited either way.
 */
export async function cancelSubscriptionAsAdmin(
  ctx: AppContext,
  { admin, subscriptionId, when }: { admin: Admin; subscriptionId: string; when: 'now' | 'period_end' },
): Promise<CancelSubscriptionAnswer> {
  const row = await findSubscription(ctx, subscriptionId);
  const s = row.subscription;
  const may = cancelAbilities(s);
  if (when === 'period_end' && !billedByProvider(s))
    throw badRequest('no_billing_period', { message: M.noBillingPeriod });
  if (when === 'period_end' && s.cancelAtPeriodEnd && may.canCancelNow)
    throw conflict('already_ending', { message: M.alreadyEnding });
  if (!(when === 'now' ? may.canCancelNow : may.canCancelAtPeriodEnd))
    throw conflict('subscription_ended', { message: M.subscriptionEnded });

  const details = {
    when,
    member: row.member.email,
    tier: row.tier.name,
    facilitator: row.facilitator.name,
    provider: s.provider,
  };
  if (billedByProvider(s)) {
    await cancelAtProvider(ctx, s.providerSubscriptionId!, when === 'now');
    await audit(ctx.db, admin, { action: 'cancel', targetType: 'subscription', targetId: s.id, details });
  } else {
    await ctx.db.transaction(async (tx) => {
      const t = tx;
      // only an active one: a second admin's cancel a moment earlier is not cancelled twice
      const ended = await t
        .update(subscriptions)
        .set({ cancelled: true, status: 'canceled', endDate: new Date() })
        .where(and(eq(subscriptions.id, s.id), eq(subscriptions.cancelled, false)))
        .returning({ id: subscriptions.id });
      if (ended.length === 0) throw conflict('subscription_ended', { message: M.subscriptionEnded });
      await tierGroupFollows(t, { userId: row.member.id, tier: row.tier, hadAccess: true, hasAccess: false });
      await audit(t, admin, { action: 'cancel', targetType: 'subscription', targetId: s.id, details });
    });
  }

  const now = presentSubscription(await findSubscription(ctx, s.id));
  const outcome = !now.canCancelNow
    ? 'cancelled'
    : now.cancelAtPeriodEnd && when === 'period_end'
      ? 'ends_at_period_end'
      : 'requested';
  return { outcome, subscription: now };
}

async function cancelAtProvider(ctx: AppContext, providerSubscriptionId: string, now: boolean) {
  try {
    await ctx.payments.cancelSubscription(providerSubscriptionId, { now });
  } catch (err) {
    ctx.log.warn({ err, providerSubscriptionId }, 'admin cancellation refused by the payment provider');
    throw providerFailed();
  }
}

// ---- payments ------------------------------------------------------------------------------------

const paymentColumns = {
  entry: revenueEntries,
  facilitator: { id: users.id, name: users.name },
};
type PaymentJoin = { entry: typeof revenueEntries.$inferSelect; facilitator: { id: string; name: string } };

const selectPayments = (db: Database) =>
  db.select(paymentColumns).from(revenueEntries).innerJoin(users, eq(users.id, revenueEntries.facilitatorId));

/** Cents gone back per payment (refunds and lost disputes are negative entries with its payment_ref). */
async function returnedCents(db: Database, paymentRefs: string[]) {
  if (paymentRefs.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ paymentRef: revenueEntries.paymentRef, cents: sql<number>`(-sum(${revenueEntries.amountCents}))::int` })
    .from(revenueEntries)
    .where(and(inArray(revenueEntries.paymentRef, paymentRefs), ne(revenueEntries.kind, 'payment')))
    .groupBy(revenueEntries.paymentRef);
  return new Map(rows.map((r) => [r.paymentRef!, r.cents]));
}

const presentPayment = ({ entry, facilitator }: PaymentJoin, returned: number): AdminPaymentRow => {
  const { leftCents, refusal } = refundAbilities(entry, returned);
  return {
    _id: entry.id,
    date: entry.occurredAt.toISOString(),
    description: entry.tierName,
    facilitator: { _id: facilitator.id, name: facilitator.name },
    amount: centsToDollars(entry.amountCents),
    refunded: centsToDollars(Math.min(returned, entry.amountCents)),
    refundable: centsToDollars(leftCents),
    disputeStatus: entry.disputeStatus,
    canRefund: refusal === null,
  };
};

const refsOf = (rows: PaymentJoin[]) => [
  ...new Set(rows.flatMap((r) => (r.entry.paymentRef ? [r.entry.paymentRef] : []))),
];

/** The payments a member made, newest first, with what has gone back of each (two queries). */
export async function memberPayments(ctx: AppContext, userId: string) {
  const rows = await selectPayments(ctx.db)
    .where(and(eq(revenueEntries.memberId, userId), eq(revenueEntries.kind, 'payment')))
    .orderBy(desc(revenueEntries.occurredAt), desc(revenueEntries.id));
  const returned = await returnedCents(ctx.db, refsOf(rows));
  return rows.map((row) => presentPayment(row, returned.get(row.entry.paymentRef ?? '') ?? 0));
}

async function findPayment(ctx: AppContext, entryId: string) {
  const [row] = await selectPayments(ctx.db).where(eq(revenueEntries.id, entryId));
  if (!row) throw missing('payment_not_found', M.paymentNotFound);
  const returned = row.entry.paymentRef
    ? ((await returnedCents(ctx.db, [row.entry.paymentRef])).get(row.entry.paymentRef) ?? 0)
    : 0;
  return { row, returned };
}

/**
 * Refunds a payment at the provider, in full (what is left of it) or `amountCents` of it. The
 * negative 'refund' entry arrives through the provider's refund event, like a refund made in
 * its dashboard, so the earnings and this list agree with the provider. Audited.
 */
export async function refundPaymentAsAdmin(
  ctx: AppContext,
  { admin, entryId, amountCents }: { admin: Admin; entryId: string; amountCents?: number },
): Promise<RefundPaymentAnswer> {
  const { row, returned } = await findPayment(ctx, entryId);
  const { entry } = row;
  const { leftCents, refusal } = refundAbilities(entry, returned);
  if (refusal === 'not_a_payment') throw badRequest(refusal, { message: M.notAPayment });
  if (refusal === 'no_payment_ref') throw conflict(refusal, { message: M.noPaymentRef });
  if (refusal === 'payment_disputed') throw conflict(refusal, { message: M.disputeOpen });
  if (refusal === 'already_refunded') throw conflict(refusal, { message: M.alreadyRefunded });
  const cents = amountCents ?? leftCents;
  if (cents > leftCents)
    throw badRequest('refund_too_large', { message: M.refundTooLarge(formatUsd(centsToDollars(leftCents))) });

  try {
    await ctx.payments.refundPayment(entry.paymentRef!, { amountCents: cents });
  } catch (err) {
    ctx.log.warn({ err, entryId }, 'admin refund refused by the payment provider');
    throw providerFailed();
  }
  await audit(ctx.db, admin, {
    action: 'refund',
    targetType: 'payment',
    targetId: entry.id,
    details: {
      amount: centsToDollars(cents),
      of: centsToDollars(entry.amountCents),
      paymentRef: entry.paymentRef,
      description: entry.tierName,
      facilitator: row.facilitator.name,
      member: entry.memberId,
    },
  });
  const after = await findPayment(ctx, entry.id);
  return { refunded: centsToDollars(cents), payment: presentPayment(after.row, after.returned) };
}
