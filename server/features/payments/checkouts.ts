import { and, eq, sql } from 'drizzle-orm';
import { checkoutSessions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import type { CheckoutInput } from '../../platform/payments/provider';

/** An open checkout is handed out again only with this much time left to pay. */
const REUSE_MARGIN_MS = 5 * 60 * 1000;

/** Paid checkout needs a provider: production without a Stripe key refuses it (PAYMENTS_MODE=test allows test mode). */
export function assertPaymentsEnabled(ctx: AppContext) {
  if (ctx.config.paymentsMode === 'off') throw conflict('payments_not_set_up');
}

type Subject = { tierId: string } | { sessionId: string };

/**
 * Opens the provider's checkout for one thing (a tier or a session) so that a member never has
 * two payable at once: their open checkout of the same thing at the same price is handed out
 * again (a second tab, a back button); any other is expired at the provider first. One that was
 * paid meanwhile stops here: the payment is on its way.
 */
export async function openCheckout(ctx: AppContext, subject: Subject, input: CheckoutInput) {
  assertPaymentsEnabled(ctx);
  const same =
    'tierId' in subject
      ? eq(checkoutSessions.tierId, subject.tierId)
      : eq(checkoutSessions.sessionId, subject.sessionId);
  const open = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, input.userId),
        eq(checkoutSessions.status, 'open'),
        eq(checkoutSessions.provider, ctx.payments.kind),
        same,
      ),
    )
    .orderBy(sql`${checkoutSessions.createdAt} desc`);
  for (const row of open) {
    const payable = row.expiresAt && row.expiresAt.getTime() > Date.now() + REUSE_MARGIN_MS;
    if (payable && row.url && row.amountCents === input.product.amountCents && row.mode === input.mode)
      return { url: row.url, reused: true as const };
    const state = await ctx.payments.expireCheckout(row.id);
    await ctx.db.update(checkoutSessions).set({ status: state }).where(eq(checkoutSessions.id, row.id));
    if (state === 'complete') throw conflict('checkout_complete');
  }
  const created = await ctx.payments.createCheckout(input);
  if (ctx.payments.kind === 'stripe') {
    // test mode keeps its own row; Stripe's checkouts are remembered here to be reused or expired
    await ctx.db
      .insert(checkoutSessions)
      .values({
        id: created.id,
        userId: input.userId,
        tierId: 'tierId' in subject ? subject.tierId : null,
        sessionId: 'sessionId' in subject ? subject.sessionId : null,
        provider: 'stripe',
        mode: input.mode,
        amountCents: input.product.amountCents,
        metadata: JSON.stringify(input.metadata),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        url: created.url,
        expiresAt: created.expiresAt,
      })
      .onConflictDoNothing();
  }
  return { ...created, reused: false as const };
}

/** Expires every open checkout of a session (its price changed): returns the members who were paying. */
export async function expireSessionCheckouts(ctx: AppContext, sessionId: string) {
  const open = await ctx.db
    .select({ id: checkoutSessions.id, userId: checkoutSessions.userId })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.sessionId, sessionId), eq(checkoutSessions.status, 'open')));
  const voided: string[] = [];
  for (const row of open) {
    const state = await ctx.payments.expireCheckout(row.id);
    await ctx.db.update(checkoutSessions).set({ status: state }).where(eq(checkoutSessions.id, row.id));
    if (state === 'expired') voided.push(row.userId);
  }
  return voided;
}
