import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ADMIN_MONEY_MESSAGES } from '../../../common/admin/money-schemas';
import { auditLog, revenueEntries } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildAdmin(t.db);
});
afterAll(() => t.close());

const refund = (entryId: string, body: unknown = {}) =>
  call(t.app, 'POST', `/api/admin/payment/${entryId}/refund`, body, admin.token);
const auditOf = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const entriesOf = (paymentRef: string) =>
  t.db.select().from(revenueEntries).where(eq(revenueEntries.paymentRef, paymentRef));

/** A member's $12 payment for a tier, as test mode's events record it (its payment is the checkout). */
async function payment(overrides: Partial<typeof revenueEntries.$inferInsert> = {}) {
  const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, facilitator.user.id, { name: 'Deep Practice', price: 12 });
  const member = await buildUser(t.db);
  const [row] = await t.db
    .insert(revenueEntries)
    .values({
      facilitatorId: facilitator.user.id,
      tierId: tier.id,
      tierName: tier.name,
      amountCents: 1200,
      occurredAt: new Date(),
      sourceId: `in_test_${randomBytes(6).toString('hex')}`,
      memberId: member.user.id,
      paymentRef: `cs_test_${randomBytes(6).toString('hex')}`,
      ...overrides,
    })
    .returning();
  return row!;
}

describe('refunding a payment', () => {
  it('refunds part, then the rest, through the provider; each is audited and the reversal comes back as a refund entry', async () => {
    const paid = await payment();

    const part = await refund(paid.id, { amount: 5 });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toMatchObject({
      refunded: 5,
      payment: { _id: paid.id, amount: 12, refunded: 5, refundable: 7, canRefund: true },
    });
    expect((await entriesOf(paid.paymentRef!)).filter((e) => e.kind === 'refund').map((e) => e.amountCents)).toEqual([
      -500,
    ]);

    const rest = await refund(paid.id);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ refunded: 7, payment: { refunded: 12, refundable: 0, canRefund: false } });
    const refunds = (await entriesOf(paid.paymentRef!)).filter((e) => e.kind === 'refund');
    expect(refunds.reduce((sum, e) => sum + e.amountCents, 0)).toBe(-1200);

    expect((await auditOf(paid.id)).map((a) => [a.action, a.targetType, a.adminId, a.details.amount])).toEqual([
      ['refund', 'payment', admin.user.id, 5],
      ['refund', 'payment', admin.user.id, 7],
    ]);

    const again = await refund(paid.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'already_refunded', message: ADMIN_MONEY_MESSAGES.alreadyRefunded });
    expect(await auditOf(paid.id)).toHaveLength(2);
  });

  it('refuses more than is left, naming what is left', async () => {
    const paid = await payment();
    await refund(paid.id, { amount: 4.5 });
    const res = await refund(paid.id, { amount: 8 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'refund_too_large',
      message: 'At most $7.50 is left to refund on this payment.',
    });
    expect(await auditOf(paid.id)).toHaveLength(1);
  });

  it('refuses entries that are not payments, have no provider payment, or are disputed', async () => {
    const paid = await payment();
    const [reversal] = await t.db
      .insert(revenueEntries)
      .values({
        facilitatorId: paid.facilitatorId,
        tierName: paid.tierName,
        amountCents: -300,
        occurredAt: new Date(),
        sourceId: `re_${paid.id}`,
        kind: 'refund',
        memberId: paid.memberId,
        paymentRef: paid.paymentRef,
      })
      .returning();
    const cases: Array<[string, number, string, string]> = [
      [reversal!.id, 400, 'not_a_payment', ADMIN_MONEY_MESSAGES.notAPayment],
      [(await payment({ paymentRef: null })).id, 409, 'no_payment_ref', ADMIN_MONEY_MESSAGES.noPaymentRef],
      [(await payment({ disputeStatus: 'open' })).id, 409, 'payment_disputed', ADMIN_MONEY_MESSAGES.disputeOpen],
    ];
    for (const [id, status, error, message] of cases) {
      const res = await refund(id);
      expect(res.statusCode, error).toBe(status);
      expect(res.json(), error).toEqual({ error, message });
      expect(await auditOf(id), error).toEqual([]);
    }
  });

  it('counts a lost dispute as gone back already', async () => {
    const paid = await payment({ disputeStatus: 'lost' });
    await t.db.insert(revenueEntries).values({
      facilitatorId: paid.facilitatorId,
      tierName: paid.tierName,
      amountCents: -1200,
      occurredAt: new Date(),
      sourceId: `dp_${paid.id}`,
      kind: 'dispute',
      memberId: paid.memberId,
      paymentRef: paid.paymentRef,
    });
    expect((await refund(paid.id)).json().error).toBe('already_refunded');
  });
});
