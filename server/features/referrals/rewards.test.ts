import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, offers, referrals, revenueEntries, subscriptions } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { recordReferredPayment } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const rewardUrl = '/api/app/facilitator/referral-reward';
const checkoutUrl = (tierId: string, code?: string) =>
  `/api/app/subscribe/${tierId}/create-checkout-session${code ? `?offer=${encodeURIComponent(code)}` : ''}`;

async function makeOffer(token: string, tierId: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', `/api/app/tier/${tierId}/offers`, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; code: string };
}

/** A member opens the checkout (with a code) in test mode and pays it. */
async function pay(token: string, tierId: string, code?: string) {
  const start = await call(t.app, 'GET', checkoutUrl(tierId, code), undefined, token);
  expect(start.statusCode, start.body).toBe(200);
  const id = start.json().url.split('/').pop();
  const paid = await call(t.app, 'POST', `/api/test-mode/checkout/${id}/pay`, {}, token);
  expect(paid.statusCode, paid.body).toBe(200);
}

async function renew(token: string) {
  const [sub] = (await call(t.app, 'GET', '/api/test-mode/billing', undefined, token)).json();
  const res = await call(t.app, 'POST', '/api/test-mode/billing/renew', { sub: sub._id }, token);
  expect(res.statusCode, res.body).toBe(200);
}

const referralOf = async (refereeId: string) =>
  (await t.db.select().from(referrals).where(eq(referrals.refereeId, refereeId)))[0]!;

/** A facilitator with a $12 monthly tier and a reward offer (25% off the first payment, limit 1) chosen. */
async function facilitatorWithReward() {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, maya.user.id, { name: 'Deep', price: 12 });
  const offer = await makeOffer(maya.token, tier.id, {
    code: 'THANKS',
    kind: 'percent',
    percentOff: 25,
    duration: 'once',
    redemptionLimit: 1,
  });
  const chosen = await call(t.app, 'PUT', rewardUrl, { offerId: offer._id }, maya.token);
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { maya, tier, offer };
}

/** `referrer` brought a new member. */
async function referred(referrerId: string) {
  const ada = await buildUser(t.db, { name: 'Ada' });
  await t.db.insert(referrals).values({ referrerId, refereeId: ada.user.id });
  return ada;
}

describe('choosing the referral reward', () => {
  it('a facilitator picks one of their active offers, or none', async () => {
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id, { name: 'Deep', price: 12 });
    expect((await call(t.app, 'GET', rewardUrl, undefined, maya.token)).json()).toEqual({ offerId: null, choices: [] });
    const offer = await makeOffer(maya.token, tier.id, { code: 'PAL', kind: 'amount', amountOff: 5, duration: 'once' });
    const chosen = await call(t.app, 'PUT', rewardUrl, { offerId: offer._id }, maya.token);
    expect(chosen.json()).toEqual({
      offerId: offer._id,
      choices: [{ id: offer._id, code: 'PAL', tierName: 'Deep', discount: '$5 off the first payment' }],
    });
    expect((await call(t.app, 'GET', rewardUrl, undefined, maya.token)).json().offerId).toBe(offer._id);
    const none = await call(t.app, 'PUT', rewardUrl, { offerId: null }, maya.token);
    expect(none.json().offerId).toBeNull();
  });

  it("refuses another facilitator's offer (404), an archived one (409) and a malformed id (400)", async () => {
    const maya = await buildFacilitator(t.db);
    const leo = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, leo.user.id, { price: 12 });
    const leos = await makeOffer(leo.token, tier.id, {
      code: 'LEO',
      kind: 'percent',
      percentOff: 10,
      duration: 'once',
    });
    const notMine = await call(t.app, 'PUT', rewardUrl, { offerId: leos._id }, maya.token);
    expect([notMine.statusCode, notMine.json().error]).toEqual([404, 'offer_not_found']);
    await call(t.app, 'POST', `/api/app/tier/${tier.id}/offers/${leos._id}/archive`, {}, leo.token);
    const archived = await call(t.app, 'PUT', rewardUrl, { offerId: leos._id }, leo.token);
    expect([archived.statusCode, archived.json().error]).toEqual([409, 'offer_archived']);
    const bad = await call(t.app, 'PUT', rewardUrl, { offerId: 'nope' }, leo.token);
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'GET', rewardUrl, undefined, leo.token)).json().offerId).toBeNull();
  });

  it('is for facilitators only: members and admins 403, visitors 401', async () => {
    const member = await buildUser(t.db);
    const admin = await buildAdmin(t.db);
    for (const token of [member.token, admin.token]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { offerId: null }],
      ] as const) {
        const res = await call(t.app, method, rewardUrl, body, token);
        expect([res.statusCode, res.json().error]).toEqual([403, 'earnings_facilitators_only']);
      }
    }
    expect((await call(t.app, 'GET', rewardUrl)).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', rewardUrl, { offerId: null })).statusCode).toBe(401);
  });
});

describe('granting the reward', () => {
  it("grants it once on the referee's first payment to that facilitator; the referrer is told and redeems it once, outside the public limit", async () => {
    const { maya, tier, offer } = await facilitatorWithReward();
    const other = await buildTier(t.db, maya.user.id, { name: 'Other', price: 30 });
    const sam = await buildUser(t.db, { name: 'Sam' });
    const ada = await referred(sam.user.id);

    await pay(ada.token, tier.id);
    const granted = await referralOf(ada.user.id);
    expect(granted.rewardId).toBe(offer._id);
    expect(granted.rewardGrantedAt).toBeInstanceOf(Date);
    await pay(ada.token, other.id);
    expect((await referralOf(ada.user.id)).rewardGrantedAt).toEqual(granted.rewardGrantedAt);

    const told = await t.db.select().from(notifications).where(eq(notifications.userId, sam.user.id));
    expect(told.map((n) => [n.message, n.link])).toEqual([
      [
        'You earned a reward from Maya: 25% off the first payment with the code THANKS, for someone you referred.',
        `/profile/${maya.user.id}?offer=THANKS`,
      ],
    ]);
    const mine = (await call(t.app, 'GET', '/api/app/referrals', undefined, sam.token)).json();
    expect(mine.rewards).toEqual([
      {
        id: granted.id,
        grantedAt: granted.rewardGrantedAt!.toISOString(),
        code: 'THANKS',
        discount: '25% off the first payment',
        tierName: 'Deep',
        facilitator: { id: maya.user.id, name: 'Maya' },
        link: `/profile/${maya.user.id}?offer=THANKS`,
        redeemed: false,
      },
    ]);

    // a member uses the offer's one public place: the reward does not need it
    const stranger = await buildUser(t.db);
    await pay(stranger.token, tier.id, 'THANKS');
    expect((await t.db.select().from(offers).where(eq(offers.id, offer._id)))[0]).toMatchObject({ used: 1 });

    // the offer is used up for others; its link still shows the referrer the reward
    const lookup = `/api/offers/${maya.user.id}/THANKS`;
    expect((await call(t.app, 'GET', lookup, undefined, stranger.token)).json().status).toBe('used_up');
    expect((await call(t.app, 'GET', lookup, undefined, sam.token)).json()).toMatchObject({
      status: 'active',
      tierId: tier.id,
      terms: { kind: 'percent', percentOff: 25, duration: 'once' },
    });

    await pay(sam.token, tier.id, 'thanks');
    const samsEntries = await t.db
      .select()
      .from(revenueEntries)
      .where(and(eq(revenueEntries.memberId, sam.user.id), eq(revenueEntries.facilitatorId, maya.user.id)));
    expect(samsEntries.map((e) => [e.amountCents, e.discountCents, e.offerCode])).toEqual([[900, 300, 'THANKS']]);
    expect((await call(t.app, 'GET', '/api/app/referrals', undefined, sam.token)).json().rewards[0].redeemed).toBe(
      true,
    );
    expect((await t.db.select().from(offers).where(eq(offers.id, offer._id)))[0]).toMatchObject({ used: 1 });
    expect((await call(t.app, 'GET', lookup, undefined, sam.token)).json().status).toBe('used_up');

    // the plan ended: checking out again with the code does not redeem the reward a second time
    await t.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(and(eq(subscriptions.userId, sam.user.id), eq(subscriptions.tierId, tier.id)));
    const again = await call(t.app, 'GET', checkoutUrl(tier.id, 'THANKS'), undefined, sam.token);
    expect([again.statusCode, again.json().error]).toEqual([409, 'reward_redeemed']);

    // the account export holds the choice and the grant
    const hers = (await call(t.app, 'GET', '/api/app/account/export', undefined, maya.token)).json();
    expect(hers.referralReward.map((r: { offer: string }) => r.offer)).toEqual([offer._id]);
    const his = (await call(t.app, 'GET', '/api/app/account/export', undefined, sam.token)).json();
    expect(his.referralsMade.map((r: { reward: string }) => r.reward)).toEqual([offer._id]);
  });

  it('two instances recording the first payment at once grant it once', async () => {
    const { maya } = await facilitatorWithReward();
    const sam = await buildUser(t.db);
    const ada = await referred(sam.user.id);
    const second = await startSecondInstance(t);
    try {
      const payment = (amountCents: number) => ({
        memberId: ada.user.id,
        facilitatorId: maya.user.id,
        tierId: null,
        amountCents,
        sourceId: `pay_${amountCents}_${ada.user.id}`,
        paidAt: new Date(),
      });
      await Promise.all([
        recordReferredPayment(t.app.ctx.db, payment(500)),
        recordReferredPayment(second.app.ctx.db, payment(700)),
      ]);
      expect((await referralOf(ada.user.id)).rewardGrantedAt).toBeInstanceOf(Date);
      expect(await t.db.select().from(notifications).where(eq(notifications.userId, sam.user.id))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('grants nothing without a reward chosen, for a payment to another facilitator, or on a $0 trial invoice', async () => {
    const sam = await buildUser(t.db);
    // no reward chosen
    const leo = await buildFacilitator(t.db);
    const leoTier = await buildTier(t.db, leo.user.id, { price: 20 });
    const ada = await referred(sam.user.id);
    await pay(ada.token, leoTier.id);
    expect(await referralOf(ada.user.id)).toMatchObject({ rewardId: null, rewardGrantedAt: null });

    // Maya has a reward; her referee pays Leo only
    const { maya } = await facilitatorWithReward();
    const bo = await referred(sam.user.id);
    await pay(bo.token, leoTier.id);
    expect(await referralOf(bo.user.id)).toMatchObject({ rewardId: null, rewardGrantedAt: null });

    // a trial's $0 first invoice is not a payment; the first charge after it is
    const trialTier = await buildTier(t.db, maya.user.id, { name: 'Trial', price: 12, trialDays: 7 });
    const cy = await referred(sam.user.id);
    await pay(cy.token, trialTier.id);
    expect(await referralOf(cy.user.id)).toMatchObject({ rewardId: null, rewardGrantedAt: null });
    await renew(cy.token);
    expect((await referralOf(cy.user.id)).rewardGrantedAt).toBeInstanceOf(Date);
  });

  it('grants nothing to a referrer who is the facilitator paid', async () => {
    const { maya, tier } = await facilitatorWithReward();
    const ada = await referred(maya.user.id);
    await pay(ada.token, tier.id);
    expect(await referralOf(ada.user.id)).toMatchObject({ rewardId: null, rewardGrantedAt: null });
  });
});
