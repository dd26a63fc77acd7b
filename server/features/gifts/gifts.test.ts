import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../common/time';
import { gifts, memberships, revenueEntries, subscriptions } from '../../db/schema';
import { linkIn } from '../../test/mailbox';
import { buildFacilitator, buildGroup, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { runGiftJob } from './delivery';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const today = () => localDay(new Date(), 'UTC');
const DAY = 86_400_000;

async function giftablePlan(overrides: Parameters<typeof buildTier>[2] = {}) {
  const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
  const group = await buildGroup(t.db, facilitator.user.id, { name: 'Evening Circle' });
  await t.db.insert(memberships).values({ groupId: group.id, userId: facilitator.user.id, status: 'approved' });
  const tier = await buildTier(t.db, facilitator.user.id, {
    name: 'Deep Practice',
    price: 12,
    associatedGroupId: group.id,
    ...overrides,
  });
  return { facilitator, tier, group };
}

let n = 0;
/** A buyer opens the gift checkout and pays it on test mode's hosted page. */
async function buyGift(tierId: string, opts: { months?: number; deliverOn?: string; to?: string } = {}) {
  const buyer = await buildUser(t.db, { name: 'Ana' });
  const to = opts.to ?? `friend${++n}@example.com`;
  const start = await call(
    t.app,
    'POST',
    `/api/app/tier/${tierId}/gifts`,
    {
      months: opts.months ?? 3,
      recipientEmail: to,
      message: 'Happy birthday!',
      deliverOn: opts.deliverOn ?? today(),
      timeZone: 'UTC',
    },
    buyer.token,
  );
  expect(start.statusCode).toBe(200);
  const checkoutId = start.json().url.split('/').pop() as string;
  const page = (await call(t.app, 'GET', `/api/test-mode/checkout/${checkoutId}`, undefined, buyer.token)).json();
  const paid = await call(t.app, 'POST', `/api/test-mode/checkout/${checkoutId}/pay`, {}, buyer.token);
  expect(paid.statusCode).toBe(200);
  const [gift] = await t.db.select().from(gifts).where(eq(gifts.checkoutId, checkoutId));
  return { buyer, to, checkoutId, page, gift: gift!, successUrl: paid.json().url as string };
}

const tokenOf = async (to: string) =>
  linkIn(await t.mailbox.latest(to, /gave you/))
    .pathname.split('/')
    .pop()!;

describe('buying a gift', () => {
  it('is one payment of months x the monthly equivalent, revenue for the facilitator, a receipt and, due today, the mail', async () => {
    const { facilitator, tier } = await giftablePlan();
    const { buyer, to, page, gift, successUrl } = await buyGift(tier.id, { months: 3 });
    expect(page).toMatchObject({
      mode: 'payment',
      amount: 3600,
      description: 'Gift: 3 months of Deep Practice',
      facilitator: 'Maya',
    });
    expect(successUrl).toContain(`/subscriptions?gift=${gift.id}`);
    expect(gift).toMatchObject({ amountCents: 3600, months: 3, paidAt: expect.any(Date) });

    const revenue = await t.db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(revenue).toEqual([
      expect.objectContaining({ amountCents: 3600, memberId: buyer.user.id, tierId: tier.id, kind: 'payment' }),
    ]);
    expect((await t.mailbox.latest(buyer.user.email, /receipt/)).text).toContain('$36.00');
    const mail = await t.mailbox.latest(to, /gave you/);
    expect(mail.subject).toBe('Ana gave you 3 months of Deep Practice');
    expect(mail.text).toContain('Happy birthday!');
    // only the hash of the link's token is kept
    const token = await tokenOf(to);
    const [stored] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(stored!.tokenHash).not.toContain(token);

    const mine = (await call(t.app, 'GET', '/api/app/gifts', undefined, buyer.token)).json();
    expect(mine.gifts).toEqual([
      expect.objectContaining({ _id: gift.id, state: 'sent', amount: 36, recipientEmail: to, canResend: true }),
    ]);
  });

  it('prices a yearly plan by its monthly equivalent', async () => {
    const { tier } = await giftablePlan({ price: 120, billingInterval: 'year' });
    const { page } = await buyGift(tier.id, { months: 6 });
    expect(page.amount).toBe(6000);
  });

  it('refuses bad input, the plan’s own facilitator, oneself, courses, free plans and visitors (nothing written)', async () => {
    const { facilitator, tier } = await giftablePlan();
    const buyer = await buildUser(t.db);
    const body = { months: 3, recipientEmail: 'x@example.com', message: '', deliverOn: today(), timeZone: 'UTC' };
    const ask = (b: object, token: string | undefined = buyer.token, id = tier.id) =>
      call(t.app, 'POST', `/api/app/tier/${id}/gifts`, b, token);
    expect((await ask({ ...body, months: 2 })).statusCode).toBe(400);
    expect((await ask({ ...body, recipientEmail: 'nope' })).statusCode).toBe(400);
    expect((await ask({ ...body, deliverOn: '2020-01-01' })).json().error).toBe('gift_deliver_on_past');
    expect((await ask({ ...body, deliverOn: '2099-01-01' })).json().error).toBe('gift_deliver_on_too_far');
    expect((await ask({ ...body, recipientEmail: buyer.user.email })).json().error).toBe('gift_to_self');
    expect((await ask(body, facilitator.token)).json().error).toBe('gift_own_plan');
    expect((await ask(body, '')).statusCode).toBe(401);
    const course = await buildTier(t.db, facilitator.user.id, { type: 'single', price: 40 });
    expect((await ask(body, buyer.token, course.id)).json().error).toBe('gift_plan_not_giftable');
    const free = await buildTier(t.db, facilitator.user.id, { price: 0 });
    expect((await ask(body, buyer.token, free.id)).json().error).toBe('gift_plan_not_giftable');
    const hidden = await buildTier(t.db, facilitator.user.id, { price: 5, published: false });
    expect((await ask(body, buyer.token, hidden.id)).statusCode).toBe(404);
    expect(await t.db.select().from(gifts).where(eq(gifts.buyerId, buyer.user.id))).toEqual([]);
  });
});

describe('delivery', () => {
  it('waits for the delivery day in the buyer’s zone; the job sends it then', async () => {
    const { tier } = await giftablePlan();
    const later = localDay(new Date(Date.now() + 3 * DAY), 'UTC');
    const { buyer, to, gift } = await buyGift(tier.id, { deliverOn: later });
    expect(gift.deliverAt.toISOString()).toBe(`${later}T00:00:00.000Z`);
    expect(t.mailbox.count(to)).toBe(0);
    expect((await call(t.app, 'GET', '/api/app/gifts', undefined, buyer.token)).json().gifts[0]).toMatchObject({
      state: 'scheduled',
      canResend: false,
      canChangeRecipient: true,
    });
    // a scheduled gift cannot be resent, only re-addressed
    expect((await call(t.app, 'POST', `/api/app/gifts/${gift.id}/resend`, {}, buyer.token)).json().error).toBe(
      'gift_not_delivered',
    );
    await runGiftJob(t.app.ctx, new Date(Date.now() + DAY));
    expect(t.mailbox.count(to)).toBe(0);
    const { delivered } = await runGiftJob(t.app.ctx, new Date(Date.now() + 3 * DAY));
    expect(delivered).toBeGreaterThanOrEqual(1);
    await t.mailbox.latest(to, /gave you/);
    // a rerun sends nothing twice
    await runGiftJob(t.app.ctx, new Date(Date.now() + 3 * DAY));
    expect(t.mailbox.count(to)).toBe(1);
  });

  it('reads the delivery day in the buyer’s zone: a January day in New York starts at 05:00 UTC', async () => {
    const { tier } = await giftablePlan();
    const buyer = await buildUser(t.db);
    // the next January 15th: within a year, and in winter time (UTC-5)
    const now = new Date();
    const soonThisYear = now.getUTCMonth() === 0 && now.getUTCDate() < 14;
    const day = `${now.getUTCFullYear() + (soonThisYear ? 0 : 1)}-01-15`;
    const res = await call(
      t.app,
      'POST',
      `/api/app/tier/${tier.id}/gifts`,
      { months: 1, recipientEmail: 'ny@example.com', deliverOn: day, timeZone: 'America/New_York' },
      buyer.token,
    );
    expect(res.statusCode).toBe(200);
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.buyerId, buyer.user.id));
    expect(gift!.deliverAt.toISOString()).toBe(`${day}T05:00:00.000Z`);
    expect(gift!.timeZone).toBe('America/New_York');
  });

  it('a resend mails a fresh link (the old one stops working), rate-limited; a new address gets a new link', async () => {
    const { tier } = await giftablePlan();
    const { buyer, to, gift } = await buyGift(tier.id);
    const first = await tokenOf(to);
    // sent a moment ago
    expect((await call(t.app, 'POST', `/api/app/gifts/${gift.id}/resend`, {}, buyer.token)).json().error).toBe(
      'gift_resend_too_soon',
    );
    await t.db
      .update(gifts)
      .set({ lastSentAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(gifts.id, gift.id));
    expect((await call(t.app, 'POST', `/api/app/gifts/${gift.id}/resend`, {}, buyer.token)).statusCode).toBe(200);
    await expect.poll(() => t.mailbox.count(to)).toBe(2);
    const second = await tokenOf(to);
    expect(second).not.toBe(first);
    expect((await call(t.app, 'POST', '/api/gifts/view', { token: first })).json().error).toBe('gift_link_invalid');
    expect((await call(t.app, 'POST', '/api/gifts/view', { token: second })).statusCode).toBe(200);

    const moved = await call(
      t.app,
      'POST',
      `/api/app/gifts/${gift.id}/recipient`,
      { recipientEmail: 'Other@Example.com' },
      buyer.token,
    );
    expect(moved.json()).toMatchObject({ recipientEmail: 'other@example.com' });
    const third = await tokenOf('other@example.com');
    expect((await call(t.app, 'POST', '/api/gifts/view', { token: second })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/api/gifts/view', { token: third })).statusCode).toBe(200);

    // only the buyer manages it
    const stranger = await buildUser(t.db);
    expect((await call(t.app, 'POST', `/api/app/gifts/${gift.id}/resend`, {}, stranger.token)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/app/gifts/${gift.id}/recipient`, { recipientEmail: 'a@b.co' }, stranger.token))
        .statusCode,
    ).toBe(404);
  });
});

describe('claiming', () => {
  it('shows the gift to the link holder; a claim gives the tier and its group until claim + months, once', async () => {
    const { facilitator, tier, group } = await giftablePlan();
    const { buyer, to, gift } = await buyGift(tier.id, { months: 1 });
    const token = await tokenOf(to);
    expect((await call(t.app, 'POST', '/api/gifts/view', { token })).json()).toEqual({
      tier: { _id: tier.id, name: 'Deep Practice', description: tier.description },
      facilitator: { _id: facilitator.user.id, name: 'Maya' },
      from: 'Ana',
      message: 'Happy birthday!',
      months: 1,
      state: 'claimable',
    });
    // neither the buyer nor the plan's facilitator claims it
    expect((await call(t.app, 'POST', '/api/app/gifts/claim', { token }, buyer.token)).json().error).toBe(
      'gift_own_claim',
    );
    expect((await call(t.app, 'POST', '/api/app/gifts/claim', { token }, facilitator.token)).json().error).toBe(
      'gift_facilitator_claim',
    );
    expect((await call(t.app, 'POST', '/api/app/gifts/claim', { token })).statusCode).toBe(401);

    const friend = await buildUser(t.db, { name: 'Lee' });
    const claimed = await call(t.app, 'POST', '/api/app/gifts/claim', { token }, friend.token);
    expect(claimed.statusCode).toBe(200);
    const endsAt = new Date(claimed.json().endsAt);
    expect(endsAt.getTime() - Date.now()).toBeGreaterThan(27 * DAY);
    expect(endsAt.getTime() - Date.now()).toBeLessThan(32 * DAY);
    const subs = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, friend.token)).json();
    expect(subs).toEqual([
      expect.objectContaining({ isGift: true, isPaid: false, isActive: true, endDate: endsAt.toISOString() }),
    ]);
    const [member] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.groupId, group.id), eq(memberships.userId, friend.user.id)));
    expect(member).toMatchObject({ status: 'approved', grantedByTierId: tier.id });

    // the link works once
    const again = await buildUser(t.db);
    expect((await call(t.app, 'POST', '/api/app/gifts/claim', { token }, again.token)).json().error).toBe(
      'gift_already_claimed',
    );
    expect((await call(t.app, 'POST', '/api/gifts/view', { token })).json().state).toBe('claimed');
    // a claimed gift can no longer be changed
    expect((await call(t.app, 'POST', `/api/app/gifts/${gift.id}/resend`, {}, buyer.token)).json().error).toBe(
      'gift_not_editable',
    );

    // the facilitator sees a gift member, and no monthly revenue from it
    const members = (await call(t.app, 'GET', '/api/app/facilitator/members', undefined, facilitator.token)).json();
    expect(JSON.stringify(members)).toContain('"isGift":true');
    const money = (await call(t.app, 'GET', '/api/app/facilitator/money', undefined, facilitator.token)).json();
    expect(JSON.stringify(money)).toMatch(/"mrr":0\b|"monthlyRecurringRevenue":0\b/);

    // the reminder a week before the end, once; at the end access and the group stop
    const { reminded } = await runGiftJob(t.app.ctx, new Date(endsAt.getTime() - 6 * DAY));
    expect(reminded).toBeGreaterThanOrEqual(1);
    const reminder = await t.mailbox.latest(friend.user.email, /ends on/);
    expect(linkIn(reminder).pathname).toBe(`/profile/${facilitator.user.id}`);
    await runGiftJob(t.app.ctx, new Date(endsAt.getTime() - 5 * DAY));
    expect(t.mailbox.count(friend.user.email)).toBe(1);

    await t.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, friend.user.id));
    await t.db
      .update(gifts)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(gifts.id, gift.id));
    const { ended } = await runGiftJob(t.app.ctx);
    expect(ended).toBeGreaterThanOrEqual(1);
    const after = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, friend.token)).json();
    expect(after[0]).toMatchObject({ isActive: false });
    const [gone] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.groupId, group.id), eq(memberships.userId, friend.user.id)));
    expect(gone).toBeUndefined();
  });

  it('refuses a claimer who pays for the plan already (the gift stays claimable); a second gift extends the first', async () => {
    const { tier } = await giftablePlan();
    const payer = await buildUser(t.db);
    await buildSubscription(t.db, payer.user.id, tier.id, { provider: 'test', priceCents: 1200 });
    const { to } = await buyGift(tier.id);
    const token = await tokenOf(to);
    expect((await call(t.app, 'POST', '/api/app/gifts/claim', { token }, payer.token)).json().error).toBe(
      'gift_already_subscribed',
    );
    expect((await call(t.app, 'POST', '/api/gifts/view', { token })).json().state).toBe('claimable');

    const friend = await buildUser(t.db);
    const first = (await call(t.app, 'POST', '/api/app/gifts/claim', { token }, friend.token)).json();
    const second = await buyGift(tier.id, { months: 1 });
    const extended = (
      await call(t.app, 'POST', '/api/app/gifts/claim', { token: await tokenOf(second.to) }, friend.token)
    ).json();
    const gap = new Date(extended.endsAt).getTime() - new Date(first.endsAt).getTime();
    expect(gap).toBeGreaterThan(27 * DAY);
    expect(gap).toBeLessThan(32 * DAY);
  });
});

describe('subscribing during a gift', () => {
  it('starts the paid plan at once in place of the gift; the gift’s end then leaves access and group alone', async () => {
    const { tier, group } = await giftablePlan();
    const { to, gift } = await buyGift(tier.id);
    const friend = await buildUser(t.db);
    await call(t.app, 'POST', '/api/app/gifts/claim', { token: await tokenOf(to) }, friend.token);
    const start = await call(
      t.app,
      'GET',
      `/api/app/subscribe/${tier.id}/create-checkout-session`,
      undefined,
      friend.token,
    );
    expect(start.statusCode).toBe(200);
    const id = start.json().url.split('/').pop();
    expect((await call(t.app, 'POST', `/api/test-mode/checkout/${id}/pay`, {}, friend.token)).statusCode).toBe(200);
    const [sub] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, friend.token)).json();
    expect(sub).toMatchObject({ isGift: false, isPaid: true, isActive: true });

    await t.db
      .update(gifts)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(gifts.id, gift.id));
    await runGiftJob(t.app.ctx);
    const [member] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.groupId, group.id), eq(memberships.userId, friend.user.id)));
    expect(member).toBeDefined();
  });
});

describe('a refund of the gift payment', () => {
  it('revokes an unclaimed gift (its link stops working) and reverses the revenue', async () => {
    const { facilitator, tier } = await giftablePlan();
    const { buyer, to, checkoutId } = await buyGift(tier.id);
    const token = await tokenOf(to);
    await t.app.ctx.payments.refundPayment(checkoutId);
    expect((await call(t.app, 'POST', '/api/gifts/view', { token })).json().state).toBe('refunded');
    const friend = await buildUser(t.db);
    expect((await call(t.app, 'POST', '/api/app/gifts/claim', { token }, friend.token)).json().error).toBe(
      'gift_revoked',
    );
    expect((await call(t.app, 'GET', '/api/app/gifts', undefined, buyer.token)).json().gifts[0].state).toBe('refunded');
    const revenue = await t.db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(revenue.reduce((s, r) => s + r.amountCents, 0)).toBe(0);
  });

  it('leaves a claimed gift’s access to its end', async () => {
    const { tier } = await giftablePlan();
    const { to, checkoutId } = await buyGift(tier.id);
    const friend = await buildUser(t.db);
    await call(t.app, 'POST', '/api/app/gifts/claim', { token: await tokenOf(to) }, friend.token);
    await t.app.ctx.payments.refundPayment(checkoutId);
    const subs = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, friend.token)).json();
    expect(subs[0]).toMatchObject({ isGift: true, isActive: true });
  });
});

describe('the account export', () => {
  it('lists the gifts a member bought and the ones they received', async () => {
    const { tier } = await giftablePlan();
    const { buyer, to } = await buyGift(tier.id);
    const friend = await buildUser(t.db);
    await call(t.app, 'POST', '/api/app/gifts/claim', { token: await tokenOf(to) }, friend.token);
    const bought = (await call(t.app, 'GET', '/api/app/account/export', undefined, buyer.token)).json();
    expect(bought.giftsBought).toEqual([expect.objectContaining({ tier: 'Deep Practice', recipientEmail: to })]);
    const received = (await call(t.app, 'GET', '/api/app/account/export', undefined, friend.token)).json();
    expect(received.giftsReceived).toEqual([expect.objectContaining({ tier: 'Deep Practice', from: 'Ana' })]);
  });
});
