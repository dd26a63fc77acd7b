import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkoutSessions, revenueEntries, subscriptions } from '../../db/schema';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { signatureFor, stripeEvent, stripeStandIn } from '../../test/stripe-stand-in';

/**
 * Two instances on one database, paying through Stripe (the local stand-in): one open checkout per
 * member and tier, and two payments of one plan arriving together on both end in one subscription,
 * one payment counted and the other refunded.
 */
const SECRET = 'whsec_instances';
const stand = stripeStandIn();
let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await startTestApp({
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: SECRET,
    stripeApi: await stand.listen(),
  });
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await stand.close();
});

const apps = () => [t.app, second.app];
let seq = 0;
const uid = (prefix: string) => `${prefix}_${++seq}_${Math.random().toString(36).slice(2, 8)}`;

async function paidTierAndMember() {
  const facilitator = await buildFacilitator(t.db);
  const tier = await buildTier(t.db, facilitator.user.id, { name: 'Deep Practice', price: 15 });
  const member = await buildUser(t.db);
  return { facilitator, tier, member, metadata: { userId: member.user.id, tierId: tier.id } };
}

function deliver(app: FastifyInstance, event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signatureFor(payload, SECRET) },
    payload,
  });
}

describe('Stripe checkouts on two instances', () => {
  it('10 concurrent checkouts of one tier give one open checkout; the extra ones opened at Stripe are expired', async () => {
    const { tier, member } = await paidTierAndMember();
    const createdBefore = stand.calls('/v1/checkout/sessions').length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(apps()[i % 2]!, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const open = await t.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.userId, member.user.id), eq(checkoutSessions.status, 'open')));
    expect(open).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().url))).toEqual(new Set([open[0]!.url]));
    const created = stand.calls('/v1/checkout/sessions').slice(createdBefore);
    const expired = stand.calls(/^\/v1\/checkout\/sessions\/[^/]+\/expire$/);
    expect(expired.filter((r) => r.path.includes(open[0]!.id))).toEqual([]);
    expect(created.length - 1).toBeLessThanOrEqual(expired.length);
  });

  it('two payments of one plan arriving together on both instances: one subscription, one counted, one refunded', async () => {
    const { facilitator, member, metadata } = await paidTierAndMember();
    const paid = [0, 1].map(() => ({ sub: uid('sub'), invoice: uid('in'), pi: uid('pi') }));
    for (const p of paid) {
      stand.setSubscription(p.sub, 'active', metadata);
      stand.setInvoicePayment(p.invoice, p.pi);
    }
    const completed = (p: (typeof paid)[number]) =>
      stripeEvent(uid('evt'), 'checkout.session.completed', {
        id: uid('cs'),
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        subscription: p.sub,
        invoice: p.invoice,
        payment_intent: null,
        customer: 'cus_member',
        amount_total: 1500,
        created: Math.floor(Date.now() / 1000),
        metadata,
      });
    const invoicePaid = (p: (typeof paid)[number]) =>
      stripeEvent(uid('evt'), 'invoice.paid', {
        id: p.invoice,
        object: 'invoice',
        status: 'paid',
        amount_paid: 1500,
        created: Math.floor(Date.now() / 1000),
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: p.sub, metadata: {} },
        },
        metadata: {},
      });
    const answers = await Promise.all(
      paid.map(async (p, i) => [await deliver(apps()[i]!, completed(p)), await deliver(apps()[i]!, invoicePaid(p))]),
    );
    expect(answers.flat().map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);

    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(rows).toHaveLength(1);
    const kept = paid.find((p) => p.sub === rows[0]!.providerSubscriptionId)!;
    const other = paid.find((p) => p !== kept)!;
    expect(stand.subscription(other.sub)!.status).toBe('canceled');
    expect(stand.subscription(kept.sub)!.status).toBe('active');
    const refunds = stand.calls('/v1/refunds').map((r) => r.body.get('payment_intent'));
    expect(refunds).toContain(other.pi);
    expect(refunds).not.toContain(kept.pi);

    const revenue = await t.db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(revenue.reduce((sum, r) => sum + r.amountCents, 0)).toBe(1500);
    expect(revenue.filter((r) => r.kind === 'refund').map((r) => [r.paymentRef, r.amountCents])).toEqual([
      [other.pi, -1500],
    ]);
  });
});
