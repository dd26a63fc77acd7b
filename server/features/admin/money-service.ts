import { and, desc, eq, sql } from 'drizzle-orm';
import type { AdminPaymentRow, AdminSubscriptionRow, SUBSCRIBER_SORT_KEYS } from '../../../common/admin/money-schemas';
import { centsToDollars } from '../../../common/money';
import { revenueEntries, subscriptions, tiers, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { keysetPage, type KeysetRequest, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { anyContainsText } from '../../platform/text-search';
import { refundAbilities } from '../payments/policy';
import { type PaymentJoin, returnedCents, selectPayments } from '../payments/refund';
import { isBilled } from '../subscriptions/entitlement';
import { cancelAbilities } from '../subscriptions/policy';
import { cancellableSql, member, type SubscriptionJoin, selectSubscriptions } from '../subscriptions/queries';
import { isActive } from '../subscriptions/entitlement';

/**
 * The admin's money lists: a member's subscriptions and payments and a
 * facilitator's current subscribers, with what an admin may still do with each. The actions are
 * the owning features' commands (subscriptions/cancel.ts, payments/refund.ts), called through asAdmin.
 */

// ---- subscriptions -------------------------------------------------------------------------------

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
  isPaid: isBilled(s.provider),
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
  if (!row) throw notFound('user_not_found');
  if (facilitatorsOnly && !row.isFacilitator) throw notFound('facilitator_not_found');
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

// ---- payments ------------------------------------------------------------------------------------

export const presentPayment = ({ entry, facilitator }: PaymentJoin, returned: number): AdminPaymentRow => {
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
