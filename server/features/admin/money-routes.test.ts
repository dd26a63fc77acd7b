import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '../../../common/admin/schemas';
import { ADMIN_MONEY_MESSAGES } from '../../../common/admin/money-schemas';
import { auditLog, revenueEntries, subscriptions, testProviderSubscriptions, users } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildAdmin(t.db);
});
afterAll(() => t.close());

const get = (url: string, token = admin.token) => call(t.app, 'GET', `/api/${url}`, undefined, token);
const post = (url: string, body: unknown, token = admin.token) => call(t.app, 'POST', `/api/${url}`, body, token);
const auditOf = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const subscriptionRow = async (id: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const MISSING = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400;

/** A member paying a facilitator's monthly tier through test mode's provider (its own subscription object). */
async function paidSubscription(opts: { facilitatorId?: string; status?: string } = {}) {
  const facilitatorId = opts.facilitatorId ?? (await buildFacilitator(t.db, { name: 'Maya' })).user.id;
  const tier = await buildTier(t.db, facilitatorId, { name: 'Deep Practice', price: 12 });
  const member = await buildUser(t.db, { name: 'Sam' });
  const providerId = `sub_test_${randomBytes(6).toString('hex')}`;
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * DAY;
  await t.db.insert(testProviderSubscriptions).values({
    id: providerId,
    customerId: `cus_test_${member.user.id}`,
    status: opts.status ?? 'active',
    currentPeriodEnd: periodEnd,
    amountCents: 1200,
    metadata: JSON.stringify({ userId: member.user.id, tierId: tier.id }),
  });
  const subscription = await buildSubscription(t.db, member.user.id, tier.id, {
    priceCents: 1200,
    provider: 'test',
    providerSubscriptionId: providerId,
    status: opts.status ?? 'active',
    currentPeriodEnd: new Date(periodEnd * 1000),
  });
  return { facilitatorId, tier, member, subscription };
}

/** A payment as the provider's events record it, with its reversals so far. */
async function payment(opts: {
  memberId: string;
  facilitatorId: string;
  cents?: number;
  paymentRef?: string | null;
  kind?: 'payment' | 'refund' | 'dispute';
  disputeStatus?: 'open' | 'won' | 'lost';
}) {
  const [row] = await t.db
    .insert(revenueEntries)
    .values({
      facilitatorId: opts.facilitatorId,
      tierName: 'Deep Practice',
      amountCents: opts.cents ?? 1200,
      occurredAt: new Date(),
      sourceId: `in_test_${randomBytes(6).toString('hex')}`,
      kind: opts.kind ?? 'payment',
      memberId: opts.memberId,
      paymentRef: opts.paymentRef === undefined ? `pi_test_${randomBytes(6).toString('hex')}` : opts.paymentRef,
      disputeStatus: opts.disputeStatus ?? null,
    })
    .returning();
  return row!;
}

describe('the admin money calls', () => {
  it('are refused to visitors (401) and to members and facilitators (403), and write nothing', async () => {
    const [member, facilitator] = [await buildUser(t.db), await buildFacilitator(t.db)];
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', `admin/user/${MISSING}/subscriptions`],
      ['GET', `admin/user/${MISSING}/payments`],
      ['GET', `admin/facilitator/${MISSING}/subscribers`],
      ['POST', `admin/subscription/${MISSING}/cancel`, { when: 'now' }],
      ['POST', `admin/payment/${MISSING}/refund`, {}],
    ];
    const before = (await t.db.select().from(auditLog)).length;
    for (const [method, url, body] of calls) {
      expect((await call(t.app, method, `/api/${url}`, body)).statusCode, `${method} ${url} as visitor`).toBe(401);
      expect(
        (await call(t.app, method, `/api/${url}`, body, member.token)).statusCode,
        `${method} ${url} as member`,
      ).toBe(403);
      expect(
        (await call(t.app, method, `/api/${url}`, body, facilitator.token)).statusCode,
        `${method} ${url} as facilitator`,
      ).toBe(403);
    }
    expect(await t.db.select().from(auditLog)).toHaveLength(before);
  });

  it('answer 400 with a message for invalid input', async () => {
    const { subscription } = await paidSubscription();
    for (const [url, body] of [
      ['admin/subscription/not-an-id/cancel', { when: 'now' }],
      [`admin/subscription/${subscription.id}/cancel`, {}],
      [`admin/subscription/${subscription.id}/cancel`, { when: 'tomorrow' }],
      [`admin/payment/${MISSING}/refund`, { amount: -1 }],
      [`admin/payment/${MISSING}/refund`, { amount: 1.005 }],
      [`admin/payment/${MISSING}/refund`, { amount: '5' }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toEqual(expect.any(String));
    }
    expect((await get('admin/user/nope/subscriptions')).statusCode).toBe(400);
    expect((await get(`admin/facilitator/${MISSING}/subscribers?limit=0`)).statusCode).toBe(400);
    expect((await subscriptionRow(subscription.id)).cancelled).toBe(false);
  });

  it('answer 404 with a code for unknown users, facilitators, subscriptions and payments', async () => {
    const member = await buildUser(t.db);
    const expectations: Array<
      [Promise<{ statusCode: number; json: () => { error: string; message: string } }>, string]
    > = [
      [get(`admin/user/${MISSING}/subscriptions`), 'user_not_found'],
      [get(`admin/user/${MISSING}/payments`), 'user_not_found'],
      [get(`admin/facilitator/${MISSING}/subscribers`), 'user_not_found'],
      // a member is not a facilitator: nobody subscribes to them
      [get(`admin/facilitator/${member.user.id}/subscribers`), 'facilitator_not_found'],
      [post(`admin/subscription/${MISSING}/cancel`, { when: 'now' }), 'subscription_not_found'],
      [post(`admin/payment/${MISSING}/refund`, {}), 'payment_not_found'],
    ];
    for (const [pending, code] of expectations) {
      const res = await pending;
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ error: code, message: expect.any(String) });
    }
  });
});

describe("a user's subscriptions and payments", () => {
  it('lists what the member holds, with what the admin may do with each', async () => {
    const { member, tier, subscription } = await paidSubscription();
    const freeTier = await buildTier(t.db, tier.userId, { name: 'Open Circle' });
    const free = await buildSubscription(t.db, member.user.id, freeTier.id);
    const list = (await get(`admin/user/${member.user.id}/subscriptions`)).json();
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          _id: subscription.id,
          tier: { _id: tier.id, name: 'Deep Practice', type: 'subscription' },
          facilitator: { _id: tier.userId, name: 'Maya' },
          price: 12,
          isPaid: true,
          isActive: true,
          canCancelNow: true,
          canCancelAtPeriodEnd: true,
        }),
        expect.objectContaining({
          _id: free.id,
          price: 0,
          isPaid: false,
          isActive: true,
          canCancelNow: true,
          canCancelAtPeriodEnd: false,
        }),
      ]),
    );
    expect(list[0].member).toEqual({ _id: member.user.id, name: 'Sam', email: member.user.email });
  });

  it("lists the member's payments with what was refunded and what is left", async () => {
    const { member, facilitatorId } = await paidSubscription();
    const paid = await payment({ memberId: member.user.id, facilitatorId, cents: 1200 });
    await payment({
      memberId: member.user.id,
      facilitatorId,
      cents: -500,
      kind: 'refund',
      paymentRef: paid.paymentRef,
    });
    const legacy = await payment({ memberId: member.user.id, facilitatorId, cents: 800, paymentRef: null });
    const disputed = await payment({ memberId: member.user.id, facilitatorId, cents: 900, disputeStatus: 'open' });
    const list = (await get(`admin/user/${member.user.id}/payments`)).json();
    // reversals are shown on their payment, not as rows of their own
    expect(list).toHaveLength(3);
    const byId = Object.fromEntries(list.map((p: { _id: string }) => [p._id, p]));
    expect(byId[paid.id]).toMatchObject({
      amount: 12,
      refunded: 5,
      refundable: 7,
      canRefund: true,
      description: 'Deep Practice',
      facilitator: { _id: facilitatorId, name: 'Maya' },
    });
    expect(byId[legacy.id]).toMatchObject({ amount: 8, refunded: 0, canRefund: false });
    expect(byId[disputed.id]).toMatchObject({ disputeStatus: 'open', canRefund: false });
  });
});

describe('cancelling a subscription', () => {
  it('ends a free one in Tend at once, audited; a second cancel and a period-end cancel are refused', async () => {
    const facilitator = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.user.id, { name: 'Open Circle' });
    const member = await buildUser(t.db);
    const free = await buildSubscription(t.db, member.user.id, tier.id);

    const atEnd = await post(`admin/subscription/${free.id}/cancel`, { when: 'period_end' });
    expect(atEnd.statusCode).toBe(400);
    expect(atEnd.json()).toEqual({ error: 'no_billing_period', message: ADMIN_MONEY_MESSAGES.noBillingPeriod });

    const res = await post(`admin/subscription/${free.id}/cancel`, { when: 'now' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'cancelled',
      subscription: { _id: free.id, isActive: false, canCancelNow: false },
    });
    expect(await subscriptionRow(free.id)).toMatchObject({
      cancelled: true,
      status: 'canceled',
      endDate: expect.any(Date),
    });
    expect(await auditOf(free.id)).toEqual([
      expect.objectContaining({
        adminId: admin.user.id,
        action: 'cancel',
        targetType: 'subscription',
        details: expect.objectContaining({ when: 'now', member: member.user.email, tier: 'Open Circle' }),
      }),
    ]);

    const again = await post(`admin/subscription/${free.id}/cancel`, { when: 'now' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'subscription_ended', message: ADMIN_MONEY_MESSAGES.subscriptionEnded });
    expect(await auditOf(free.id)).toHaveLength(1);
  });

  it('cancels a paid one at the period end through the provider, and then at once', async () => {
    const { subscription } = await paidSubscription();

    const atEnd = await post(`admin/subscription/${subscription.id}/cancel`, { when: 'period_end' });
    expect(atEnd.statusCode).toBe(200);
    // test mode's event came back through the one handler: the member keeps access until then
    expect(atEnd.json()).toMatchObject({
      outcome: 'ends_at_period_end',
      subscription: { cancelAtPeriodEnd: true, canCancelNow: true, canCancelAtPeriodEnd: false },
    });
    expect(await subscriptionRow(subscription.id)).toMatchObject({
      cancelAtPeriodEnd: true,
      status: 'active',
      endDate: expect.any(Date),
    });
    const twice = await post(`admin/subscription/${subscription.id}/cancel`, { when: 'period_end' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('already_ending');

    const now = await post(`admin/subscription/${subscription.id}/cancel`, { when: 'now' });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({
      outcome: 'cancelled',
      subscription: { status: 'canceled', canCancelNow: false },
    });
    expect(
      (
        await t.db
          .select()
          .from(testProviderSubscriptions)
          .where(eq(testProviderSubscriptions.id, subscription.providerSubscriptionId!))
      )[0]!.status,
    ).toBe('canceled');
    expect((await auditOf(subscription.id)).map((a) => [a.action, a.details.when])).toEqual([
      ['cancel', 'period_end'],
      ['cancel', 'now'],
    ]);
  });

  it('cancels a past-due one the provider keeps trying to charge, but not at its period end', async () => {
    const { subscription } = await paidSubscription({ status: 'past_due' });
    const atEnd = await post(`admin/subscription/${subscription.id}/cancel`, { when: 'period_end' });
    expect(atEnd.statusCode).toBe(409);
    expect((await post(`admin/subscription/${subscription.id}/cancel`, { when: 'now' })).json().outcome).toBe(
      'cancelled',
    );
  });

  it('answers 502, audits nothing, when the provider refuses', async () => {
    const { subscription } = await paidSubscription();
    // the provider has no such subscription (removed behind Tend's back)
    await t.db
      .delete(testProviderSubscriptions)
      .where(eq(testProviderSubscriptions.id, subscription.providerSubscriptionId!));
    await t.db
      .update(subscriptions)
      .set({ providerSubscriptionId: 'sub_test_gone' })
      .where(eq(subscriptions.id, subscription.id));
    const res = await post(`admin/subscription/${subscription.id}/cancel`, { when: 'period_end' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'provider_failed', message: ADMIN_MONEY_MESSAGES.providerFailed });
    expect(await auditOf(subscription.id)).toEqual([]);
  });
});

describe("a facilitator's subscribers: the way forward when their deletion is refused", () => {
  it('lists the paying subscribers that hold the deletion back; once they are cancelled the delete goes through', async () => {
    const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
    const { subscription, member } = await paidSubscription({ facilitatorId: facilitator.user.id });
    const freeTier = await buildTier(t.db, facilitator.user.id, { name: 'Open Circle' });
    const ended = await buildSubscription(t.db, (await buildUser(t.db)).user.id, freeTier.id, {
      cancelled: true,
      status: 'canceled',
      endDate: new Date(),
    });

    const refused = await call(
      t.app,
      'DELETE',
      `/api/admin/facilitator/${facilitator.user.id}`,
      undefined,
      admin.token,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'has_paying_subscribers', message: ADMIN_MESSAGES.payingSubscribers });

    const page = (await get(`admin/facilitator/${facilitator.user.id}/subscribers`)).json();
    expect(page).toMatchObject({ total: 1, nextCursor: null, prevCursor: null });
    expect(page.items.map((s: { _id: string }) => s._id)).toEqual([subscription.id]);
    expect(page.items.map((s: { _id: string }) => s._id)).not.toContain(ended.id);
    // searchable on the member
    expect(
      (
        await get(
          `admin/facilitator/${facilitator.user.id}/subscribers?search=${encodeURIComponent(member.user.email)}`,
        )
      ).json().total,
    ).toBe(1);
    expect((await get(`admin/facilitator/${facilitator.user.id}/subscribers?search=nobody-here`)).json().total).toBe(0);

    await post(`admin/subscription/${subscription.id}/cancel`, { when: 'now' });
    expect((await get(`admin/facilitator/${facilitator.user.id}/subscribers`)).json().total).toBe(0);
    const deleted = await call(
      t.app,
      'DELETE',
      `/api/admin/facilitator/${facilitator.user.id}`,
      undefined,
      admin.token,
    );
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, facilitator.user.id))).toEqual([]);
  });

  it('pages with keyset cursors, sorted by member email', async () => {
    const facilitator = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.user.id, { name: 'Open Circle' });
    const emails = ['cara@example.test', 'abe@example.test', 'bo@example.test'];
    for (const email of emails)
      await buildSubscription(t.db, (await buildUser(t.db, { email, username: email.split('@')[0] })).user.id, tier.id);
    const first = (await get(`admin/facilitator/${facilitator.user.id}/subscribers?limit=2&sort=email&dir=asc`)).json();
    expect(first.items.map((s: { member: { email: string } }) => s.member.email)).toEqual([
      'abe@example.test',
      'bo@example.test',
    ]);
    const second = (
      await get(
        `admin/facilitator/${facilitator.user.id}/subscribers?limit=2&sort=email&dir=asc&after=${first.nextCursor}`,
      )
    ).json();
    expect(second.items.map((s: { member: { email: string } }) => s.member.email)).toEqual(['cara@example.test']);
    expect(second.total).toBe(3);
  });
});
