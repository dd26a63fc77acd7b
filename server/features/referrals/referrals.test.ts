import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { referrals, users } from '../../db/schema';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { recordReferredPayment } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let ip = 0;
/** A sign-up through the API with a referral code, each from its own address (sign-ups are limited per IP). */
async function registerWith(
  ref: string | undefined,
  email = `new_${Math.random().toString(36).slice(2, 8)}@example.test`,
) {
  ip += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: `10.9.0.${ip}`,
    payload: {
      user: {
        name: 'Newcomer',
        username: `new_${Math.random().toString(36).slice(2, 8)}`,
        email,
        password: 'quiet-morning-tide-7',
        confirmPassword: 'quiet-morning-tide-7',
        isFacilitator: false,
        tos: true,
      },
      metaData: { ref },
    },
  });
  expect(res.statusCode).toBe(200);
  return { id: res.json().userId as string, token: res.json().token as string };
}

const referralOf = async (refereeId: string) =>
  (await t.db.select().from(referrals).where(eq(referrals.refereeId, refereeId)))[0];

/** The member pays a tier through the test-mode hosted checkout. */
async function pay(token: string, tierId: string) {
  const start = await call(t.app, 'GET', `/api/app/subscribe/${tierId}/create-checkout-session`, undefined, token);
  expect(start.statusCode).toBe(200);
  const sessionId = start.json().url.split('/').pop();
  const paid = await call(t.app, 'POST', `/api/test-mode/checkout/${sessionId}/pay`, {}, token);
  expect(paid.statusCode).toBe(200);
}

describe('a referral code at sign-up credits its owner', () => {
  it('credits the account the code names, and my link and counts show it', async () => {
    const sam = await buildUser(t.db, { name: 'Sam' });
    const before = (await call(t.app, 'GET', '/api/app/referrals', undefined, sam.token)).json();
    expect(before).toEqual({
      code: sam.user.id,
      link: `${t.config.publicUrl.replace(/\/+$/, '')}/register?r=${sam.user.id}`,
      signedUp: 0,
      paid: 0,
      rewards: [],
    });

    const ada = await registerWith(sam.user.id);
    expect(await referralOf(ada.id)).toMatchObject({ referrerId: sam.user.id, firstPaidAt: null });
    const after = (await call(t.app, 'GET', '/api/app/referrals', undefined, sam.token)).json();
    expect(after).toMatchObject({ signedUp: 1, paid: 0 });
    // the raw value is still kept on the account, as before
    const [row] = await t.db.select({ referral: users.referral }).from(users).where(eq(users.id, ada.id));
    expect(row!.referral).toBe(sam.user.id);
  });

  it('ignores a code that names nobody, a malformed one, and one of the same mailbox; sign-up still succeeds', async () => {
    const sam = await buildUser(t.db, { email: `sam_${Date.now()}@example.test` });
    const nobody = await registerWith('00000000-0000-4000-8000-000000000000');
    const garbage = await registerWith('friend-42');
    const self = await registerWith(sam.user.id, sam.user.email.replace('@', '+again@'));
    for (const who of [nobody, garbage, self]) expect(await referralOf(who.id)).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/app/referrals', undefined, sam.token)).json()).toMatchObject({
      signedUp: 0,
    });
  });

  it('is for signed-in accounts only', async () => {
    expect((await call(t.app, 'GET', '/api/app/referrals')).statusCode).toBe(401);
  });
});

describe("the referee's first payment", () => {
  it('is written once, with the facilitator, tier and amount, and later payments change nothing', async () => {
    const sam = await buildUser(t.db, { name: 'Sam' });
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const deep = await buildTier(t.db, maya.user.id, { name: 'Deep', price: 12 });
    const other = await buildTier(t.db, maya.user.id, { name: 'Other', price: 30 });
    const ada = await registerWith(sam.user.id);

    await pay(ada.token, deep.id);
    const first = await referralOf(ada.id);
    expect(first).toMatchObject({ facilitatorId: maya.user.id, tierId: deep.id, amountCents: 1200 });
    expect(first!.firstPaidAt).toBeInstanceOf(Date);

    await pay(ada.token, other.id);
    expect(await referralOf(ada.id)).toEqual(first);
    expect((await call(t.app, 'GET', '/api/app/referrals', undefined, sam.token)).json()).toMatchObject({
      signedUp: 1,
      paid: 1,
    });
  });

  it('two instances writing two first payments at once: one wins', async () => {
    const sam = await buildUser(t.db);
    const maya = await buildFacilitator(t.db);
    const ada = await buildUser(t.db);
    await t.db.insert(referrals).values({ referrerId: sam.user.id, refereeId: ada.user.id });
    const second = await startSecondInstance(t);
    try {
      const payment = (amountCents: number) => ({
        memberId: ada.user.id,
        facilitatorId: maya.user.id,
        tierId: null,
        amountCents,
        sourceId: `pay_${amountCents}`,
        paidAt: new Date(),
      });
      await Promise.all([
        recordReferredPayment(t.app.ctx.db, payment(500)),
        recordReferredPayment(second.app.ctx.db, payment(700)),
      ]);
      const row = await referralOf(ada.user.id);
      expect([500, 700]).toContain(row!.amountCents);
      expect(row!.paymentSourceId).toBe(`pay_${row!.amountCents}`);
    } finally {
      await second.close();
    }
  });
});

describe("the facilitator's referrals among their members", () => {
  it('lists who brought whom among my subscribers, newest first, a page at a time', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const tier = await buildTier(t.db, maya.user.id, { price: 0 });
    const sam = await buildUser(t.db, { name: 'Sam' });
    const ada = await buildUser(t.db, { name: 'Ada' });
    const bo = await buildUser(t.db, { name: 'Bo' });
    const stranger = await buildUser(t.db, { name: 'Stranger' });
    await t.db.insert(referrals).values([
      { referrerId: sam.user.id, refereeId: ada.user.id, signedUpAt: new Date('2026-01-01T00:00:00Z') },
      { referrerId: ada.user.id, refereeId: bo.user.id, signedUpAt: new Date('2026-02-01T00:00:00Z') },
      // not one of Maya's members
      { referrerId: sam.user.id, refereeId: stranger.user.id, signedUpAt: new Date('2026-03-01T00:00:00Z') },
    ]);
    await buildSubscription(t.db, ada.user.id, tier.id);
    await buildSubscription(t.db, bo.user.id, tier.id);

    const first = await call(t.app, 'GET', '/api/app/facilitator/referrals?limit=1', undefined, maya.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toEqual([
      expect.objectContaining({
        referrer: { id: ada.user.id, name: 'Ada' },
        referee: { id: bo.user.id, name: 'Bo' },
        firstPaidAt: null,
        firstPaymentToYou: false,
        amountCents: null,
      }),
    ]);
    const cursor = first.json().next;
    expect(cursor).toEqual(expect.any(String));
    const rest = (
      await call(t.app, 'GET', `/api/app/facilitator/referrals?limit=1&cursor=${cursor}`, undefined, maya.token)
    ).json();
    expect(rest.items.map((r: { referee: { name: string } }) => r.referee.name)).toEqual(['Ada']);
    expect(rest.next).toBeNull();

    // another facilitator has none of Maya's
    const other = await buildFacilitator(t.db);
    expect((await call(t.app, 'GET', '/api/app/facilitator/referrals', undefined, other.token)).json()).toEqual({
      items: [],
      next: null,
    });
  });

  it('refuses members (403), visitors (401) and a forged cursor (400)', async () => {
    const sam = await buildUser(t.db);
    const maya = await buildFacilitator(t.db);
    const member = await call(t.app, 'GET', '/api/app/facilitator/referrals', undefined, sam.token);
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toBe('earnings_facilitators_only');
    expect((await call(t.app, 'GET', '/api/app/facilitator/referrals')).statusCode).toBe(401);
    const forged = await call(t.app, 'GET', '/api/app/facilitator/referrals?cursor=abc', undefined, maya.token);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('invalid_cursor');
  });
});
