import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ADMIN_MONEY_MESSAGES } from '../../../common/admin/money-schemas';
import { centsToDollars, formatUsd } from '../../../common/money';
import type { Executor } from '../../db/client';
import { revenueEntries, users } from '../../db/schema';
import { type CommandContext, recordAudit } from '../../platform/context';
import { badRequest, conflict, fail, HttpError, notFound } from '../../platform/errors';
import { refundAbilities } from './policy';

export type PaymentJoin = { entry: typeof revenueEntries.$inferSelect; facilitator: { id: string; name: string } };

/** Revenue entries with their facilitator. */
export const selectPayments = (db: Executor) =>
  db
    .select({ entry: revenueEntries, facilitator: { id: users.id, name: users.name } })
    .from(revenueEntries)
    .innerJoin(users, eq(users.id, revenueEntries.facilitatorId));

/** Cents gone back per payment (refunds and lost disputes are negative entries with its payment_ref). */
export async function returnedCents(db: Executor, paymentRefs: string[]) {
  if (paymentRefs.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ paymentRef: revenueEntries.paymentRef, cents: sql<number>`(-sum(${revenueEntries.amountCents}))::int` })
    .from(revenueEntries)
    .where(and(inArray(revenueEntries.paymentRef, paymentRefs), ne(revenueEntries.kind, 'payment')))
    .groupBy(revenueEntries.paymentRef);
  return new Map(rows.map((r) => [r.paymentRef!, r.cents]));
}

/** One entry with what has gone back of it, or 404. */
export async function findPayment(db: Executor, entryId: string) {
  const [row] = await selectPayments(db).where(eq(revenueEntries.id, entryId));
  if (!row) throw notFound('payment_not_found');
  const returned = row.entry.paymentRef
    ? ((await returnedCents(db, [row.entry.paymentRef])).get(row.entry.paymentRef) ?? 0)
    : 0;
  return { row, returned };
}

/**
 * Refunds a payment at the provider, in full (what is left of it) or `amountCents` of it (an
 * admin's money tools, through asAdmin). The negative 'refund' entry arrives through the
 * provider's refund event, like a refund made in its dashboard, so the earnings and the lists agree
 * with the provider. Audited through the context's hook. Answers the cents refunded.
 */
export async function refundPayment(
  ctx: CommandContext,
  { entryId, amountCents }: { entryId: string; amountCents?: number },
) {
  const { row, returned } = await findPayment(ctx.db, entryId);
  const { entry } = row;
  const { leftCents, refusal } = refundAbilities(entry, returned);
  if (refusal === 'not_a_payment') throw badRequest(refusal);
  if (refusal) throw conflict(refusal);
  const cents = amountCents ?? leftCents;
  if (cents > leftCents)
    throw badRequest('refund_too_large', ADMIN_MONEY_MESSAGES.refundTooLarge(formatUsd(centsToDollars(leftCents))));

  try {
    await ctx.payments.refundPayment(entry.paymentRef!, { amountCents: cents });
  } catch (err) {
    // the provider out of reach answers as such (503, try again), not as a refusal
    if (err instanceof HttpError && err.statusCode === 503) throw err;
    ctx.log.warn({ err, entryId }, 'refund refused by the payment provider');
    throw fail(502, 'provider_failed');
  }
  await recordAudit(ctx, {
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
  return { cents };
}
