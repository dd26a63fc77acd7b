import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ENTITLED_STATUSES } from '../../../common/subscriptions/entitled-statuses';
import { type Subscription, subscriptions } from '../../db/schema';

/**
 * What a subscription gives its member, each rule written once as a JS predicate (for a row in
 * hand) and once as SQL (for a query), side by side so the two cannot drift apart;
 * entitlement.test.ts builds a row in every state the schema can express and checks they agree.
 * The SQL takes the table to read, `subscriptions` or an alias of it (`alias(subscriptions, 's')`
 * in a raw statement that names the table `s`).
 */

type Facts = Pick<Subscription, 'cancelled' | 'status' | 'endDate'>;
type Columns = { status: AnyPgColumn; endDate: AnyPgColumn; cancelled: AnyPgColumn };

/**
 * Subscriptions no provider bills: free tiers, a facilitator's complimentary access (never
 * revenue) and a claimed gift (its one payment is revenue already, never monthly revenue).
 */
export const UNBILLED_PROVIDERS: Subscription['provider'][] = ['free', 'complimentary', 'gift'];
export const isBilled = (provider: Subscription['provider']) => !UNBILLED_PROVIDERS.includes(provider);

/**
 * Entitled (the member sees the tier's content, its group, its messaging): the provider's status
 * keeps access and the paid period has not ended. A paid subscription cancelled at the period's
 * end keeps its content until endDate; a cancellation without an end date ends it at once.
 */
export function isEntitled(sub: Facts, now = new Date()) {
  return (
    ENTITLED_STATUSES.includes(sub.status) &&
    (!sub.endDate || sub.endDate > now) &&
    (!sub.cancelled || sub.endDate !== null)
  );
}

/** isEntitled as SQL. */
export const entitledSql = (s: Columns = subscriptions): SQL =>
  and(
    inArray(s.status, ENTITLED_STATUSES),
    or(isNull(s.endDate), gt(s.endDate, sql`now()`)),
    or(eq(s.cancelled, false), isNotNull(s.endDate)),
  )!;

/**
 * Active (My Subscriptions' tab, a tier's count of active subscribers, a second purchase refused):
 * entitled and not set to end.
 */
export const isActive = (sub: Facts, now = new Date()) => !sub.cancelled && isEntitled(sub, now);

/** isActive as SQL. */
export const activeSql = (s: Columns = subscriptions): SQL => and(eq(s.cancelled, false), entitledSql(s))!;

/**
 * Paying (the facilitator's paying members and monthly recurring revenue): entitled and past its
 * free trial. A trial is access that brings no money yet, so the money figures count it apart; a
 * plan cancelled at the period's end still pays until then.
 */
export const isPaying = (sub: Facts, now = new Date()) => sub.status !== 'trialing' && isEntitled(sub, now);

/** isPaying as SQL. */
export const payingSql = (s: Columns = subscriptions): SQL => and(ne(s.status, 'trialing'), entitledSql(s))!;

/** A subscription's discount still comes off its bills: it has no end, or its end is still ahead. */
export const isDiscountRunning = (sub: Pick<Subscription, 'discountEndsAt'>, now = new Date()) =>
  !sub.discountEndsAt || sub.discountEndsAt > now;

/** isDiscountRunning as SQL. */
export const discountRunningSql = (s: { discountEndsAt: AnyPgColumn } = subscriptions): SQL =>
  or(isNull(s.discountEndsAt), gt(s.discountEndsAt, sql`now()`))!;
