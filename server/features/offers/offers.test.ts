import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offerRedemptions, offers, revenueEntries } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const offersUrl = (tierId: string) => `/api/app/tier/${tierId}/offers`;
const checkoutUrl = (tierId: string, code?: string) =>
  `/api/app/subscribe/${tierId}/create-checkout-session${code ? `?offer=${encodeURIComponent(code)}` : ''}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function setup(price = 12, overrides = {}) {
  const owner = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, owner.user.id, { name: 'Deep Practice', price, ...overrides });
  return { owner, tier };
}

async function makeOffer(token: string, tierId: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', offersUrl(tierId), body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A member opens the checkout (with the code) in test mode and pays; answers the checkout id. */
async function payWith(token: string, tierId: string, code?: string) {
  const start = await call(t.app, 'GET', checkoutUrl(tierId, code), undefined, token);
  expect(start.statusCode, start.body).toBe(200);
  const id = start.json().url.split('/').pop();
  const paid = await call(t.app, 'POST', `/api/test-mode/checkout/${id}/pay`, {}, token);
  expect(paid.statusCode, paid.body).toBe(200);
  return id as string;
}

const entriesOf = (facilitatorId: string) =>
  t.db
    .select()
    .from(revenueEntries)
    .where(eq(revenueEntries.facilitatorId, facilitatorId))
    .orderBy(revenueEntries.occurredAt);

async function renew(token: string) {
  const [sub] = (await call(t.app, 'GET', '/api/test-mode/billing', undefined, token)).json();
  const res = await call(t.app, 'POST', '/api/test-mode/billing/renew', { sub: sub._id }, token);
  expect(res.statusCode, res.body).toBe(200);
}

describe('who may manage offers', () => {
  it("lets the tier's owner and an admin create, list, change and archive; refuses others with a code", async () => {
    const { owner, tier } = await setup();
    const admin = await buildAdmin(t.db);
    const other = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    const body = { code: 'SPRING', kind: 'percent', percentOff: 30, duration: 'once' };

    for (const token of [member.token, other.token]) {
      const refused = await call(t.app, 'POST', offersUrl(tier.id), body, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'program_owner_only' });
      expect((await call(t.app, 'GET', offersUrl(tier.id), undefined, token)).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', offersUrl(tier.id), undefined)).statusCode).toBe(401);

    const made = await makeOffer(owner.token, tier.id, body);
    expect(made).toMatchObject({
      code: 'SPRING',
      status: 'active',
      redemptions: 0,
      link: `/profile/${owner.user.id}?offer=SPRING`,
    });
    const byAdmin = await makeOffer(admin.token, tier.id, { kind: 'trial', trialDays: 30 });
    expect(byAdmin.code).toMatch(/^[A-Z2-9]{8}$/);

    const patchUrl = `${offersUrl(tier.id)}/${made._id}`;
    expect((await call(t.app, 'PUT', patchUrl, { redemptionLimit: 5 }, member.token)).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', patchUrl, { redemptionLimit: 5 }, owner.token)).json().redemptionLimit).toBe(5);
    expect((await call(t.app, 'POST', `${patchUrl}/archive`, {}, other.token)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `${patchUrl}/archive`, {}, admin.token)).json().status).toBe('archived');
    const listed = (await call(t.app, 'GET', offersUrl(tier.id), undefined, owner.token)).json();
    expect(listed.offers.map((o: { code: string }) => o.code)).toEqual([byAdmin.code, 'SPRING']);
  });

  it('keeps codes unique per facilitator whatever their case, and checks the terms against the plan', async () => {
    const { owner, tier } = await setup(12);
    await makeOffer(owner.token, tier.id, { code: 'Friends', kind: 'amount', amountOff: 4, duration: 'forever' });
    const taken = await call(
      t.app,
      'POST',
      offersUrl(tier.id),
      { code: 'FRIENDS', kind: 'trial', trialDays: 7 },
      owner.token,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'offer_code_taken' });
    // another facilitator may use the same code
    const other = await setup(12);
    await makeOffer(other.owner.token, other.tier.id, { code: 'friends', kind: 'trial', trialDays: 7 });

    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ kind: 'amount', amountOff: 12, duration: 'once' }, 400, 'offer_amount_too_high'],
      [{ kind: 'percent', percentOff: 101, duration: 'once' }, 400, 'invalid_input'],
      [{ kind: 'percent', percentOff: 0, duration: 'once' }, 400, 'invalid_input'],
      [{ kind: 'percent', percentOff: 10, duration: 'repeating' }, 400, 'invalid_input'],
      [{ kind: 'percent', percentOff: 10, duration: 'once', endsAt: inDays(-1) }, 400, 'offer_ends_in_past'],
      [{ kind: 'percent', percentOff: 10, duration: 'once', code: 'no spaces' }, 400, 'invalid_input'],
    ];
    for (const [body, status, error] of refusals) {
      const res = await call(t.app, 'POST', offersUrl(tier.id), body, owner.token);
      expect([res.statusCode, res.json().error]).toEqual([status, error]);
    }
    const course = await buildTier(t.db, owner.user.id, { price: 50, type: 'single' });
    const trial = await call(t.app, 'POST', offersUrl(course.id), { kind: 'trial', trialDays: 7 }, owner.token);
    expect(trial.json()).toMatchObject({ error: 'offer_trial_needs_subscription' });
    const free = await buildTier(t.db, owner.user.id, { price: 0 });
    const onFree = await call(t.app, 'POST', offersUrl(free.id), { kind: 'trial', trialDays: 7 }, owner.token);
    expect(onFree.json()).toMatchObject({ error: 'offer_for_paid_plans' });
  });
});

describe('looking a code up (public)', () => {
  it('says what a visitor gets, or why a code gives nothing, without signing in', async () => {
    const { owner, tier } = await setup(12);
    await makeOffer(owner.token, tier.id, { code: 'HALF', kind: 'percent', percentOff: 50, duration: 'forever' });
    const found = await call(t.app, 'GET', `/api/offers/${owner.user.id}/half`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      code: 'HALF',
      status: 'active',
      message: null,
      tierId: tier.id,
      terms: { kind: 'percent', percentOff: 50, duration: 'forever' },
    });
    const unknown = (await call(t.app, 'GET', `/api/offers/${owner.user.id}/NOPE`)).json();
    expect(unknown).toMatchObject({ status: 'not_found', message: 'That offer code was not found.', terms: null });

    const ended = await makeOffer(owner.token, tier.id, {
      code: 'OLD',
      kind: 'trial',
      trialDays: 7,
      endsAt: inDays(1),
    });
    await t.db
      .update(offers)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, ended._id));
    expect((await call(t.app, 'GET', `/api/offers/${owner.user.id}/OLD`)).json()).toMatchObject({
      status: 'ended',
      message: 'This offer has ended.',
      terms: null,
    });
  });
});

describe('checking out with an offer (test mode)', () => {
  it('a percent off the first month: the first payment is discounted, the renewals are full price', async () => {
    const { owner, tier } = await setup(12);
    await makeOffer(owner.token, tier.id, { code: 'FIRST', kind: 'amount', amountOff: 4, duration: 'once' });
    const member = await buildUser(t.db);
    await payWith(member.token, tier.id, 'first');
    await renew(member.token);
    const entries = await entriesOf(owner.user.id);
    expect(entries.map((e) => [e.amountCents, e.discountCents, e.offerCode])).toEqual([
      [800, 400, 'FIRST'],
      [1200, 0, 'FIRST'],
    ]);
    const [listed] = (await call(t.app, 'GET', offersUrl(tier.id), undefined, owner.token)).json().offers;
    expect(listed).toMatchObject({ redemptions: 1, reserved: 0, revenueCents: 2000, discountCents: 400 });
  });

  it('repeating for 2 months then full price; forever stays discounted', async () => {
    const { owner, tier } = await setup(10);
    await makeOffer(owner.token, tier.id, {
      code: 'TWO',
      kind: 'percent',
      percentOff: 25,
      duration: 'repeating',
      durationMonths: 2,
    });
    const member = await buildUser(t.db);
    await payWith(member.token, tier.id, 'TWO');
    await renew(member.token);
    await renew(member.token);
    expect((await entriesOf(owner.user.id)).map((e) => e.amountCents)).toEqual([750, 750, 1000]);

    const yearly = await setup(100, { billingInterval: 'year' });
    await makeOffer(yearly.owner.token, yearly.tier.id, {
      code: 'ALWAYS',
      kind: 'percent',
      percentOff: 30,
      duration: 'forever',
    });
    const other = await buildUser(t.db);
    await payWith(other.token, yearly.tier.id, 'ALWAYS');
    await renew(other.token);
    expect((await entriesOf(yearly.owner.user.id)).map((e) => [e.amountCents, e.discountCents])).toEqual([
      [7000, 3000],
      [7000, 3000],
    ]);
  });

  it('a trial offer: nothing charged now, the full price after the free days', async () => {
    const { owner, tier } = await setup(12);
    await makeOffer(owner.token, tier.id, { code: 'TRY30', kind: 'trial', trialDays: 30 });
    const member = await buildUser(t.db);
    await payWith(member.token, tier.id, 'TRY30');
    const [sub] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json();
    expect(sub.stripeDetails.status).toBe('trialing');
    expect(await entriesOf(owner.user.id)).toEqual([]);
    await renew(member.token);
    expect((await entriesOf(owner.user.id)).map((e) => [e.amountCents, e.offerCode])).toEqual([[1200, 'TRY30']]);
  });

  it('a course bought with an amount off records the discount on its one payment', async () => {
    const { owner, tier } = await setup(50, { type: 'single' });
    await makeOffer(owner.token, tier.id, { code: 'COURSE', kind: 'amount', amountOff: 15, duration: 'once' });
    const member = await buildUser(t.db);
    await payWith(member.token, tier.id, 'COURSE');
    expect((await entriesOf(owner.user.id)).map((e) => [e.amountCents, e.discountCents])).toEqual([[3500, 1500]]);
  });

  it('refuses an unknown, archived, ended, used-up or other-plan code with a 4xx and opens nothing', async () => {
    const { owner, tier } = await setup(12);
    const otherTier = await buildTier(t.db, owner.user.id, { price: 20 });
    const archived = await makeOffer(owner.token, tier.id, { code: 'GONE', kind: 'trial', trialDays: 7 });
    await call(t.app, 'POST', `${offersUrl(tier.id)}/${archived._id}/archive`, {}, owner.token);
    await makeOffer(owner.token, otherTier.id, { code: 'ELSEWHERE', kind: 'trial', trialDays: 7 });
    const one = await makeOffer(owner.token, tier.id, { code: 'ONE', kind: 'trial', trialDays: 7, redemptionLimit: 1 });
    await payWith((await buildUser(t.db)).token, tier.id, 'ONE');
    const member = await buildUser(t.db);
    const cases: Array<[string, number, string]> = [
      ['NOPE', 404, 'offer_not_found'],
      ['GONE', 409, 'offer_archived'],
      ['ELSEWHERE', 409, 'offer_other_plan'],
      ['ONE', 409, 'offer_used_up'],
    ];
    for (const [code, status, error] of cases) {
      const res = await call(t.app, 'GET', checkoutUrl(tier.id, code), undefined, member.token);
      expect([res.statusCode, res.json().error]).toEqual([status, error]);
    }
    expect((await t.db.select().from(offers).where(eq(offers.id, one._id)))[0]).toMatchObject({ used: 1, redeemed: 1 });
    // without the code the member checks out at the normal price
    await payWith(member.token, tier.id);
    expect((await entriesOf(owner.user.id)).map((e) => e.amountCents)).toContain(1200);
  });

  it('an abandoned checkout gives its reservation back once it can no longer be paid', async () => {
    const { owner, tier } = await setup(12);
    const offer = await makeOffer(owner.token, tier.id, {
      code: 'LAST',
      kind: 'percent',
      percentOff: 10,
      duration: 'once',
      redemptionLimit: 1,
    });
    const first = await buildUser(t.db);
    expect((await call(t.app, 'GET', checkoutUrl(tier.id, 'LAST'), undefined, first.token)).statusCode).toBe(200);
    const second = await buildUser(t.db);
    const refused = await call(t.app, 'GET', checkoutUrl(tier.id, 'LAST'), undefined, second.token);
    expect(refused.json()).toMatchObject({ error: 'offer_used_up' });
    // the first member's checkout lapses (its reservation's time is up)
    await t.db
      .update(offerRedemptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offerRedemptions.offerId, offer._id));
    const lookedUp = (await call(t.app, 'GET', `/api/offers/${owner.user.id}/LAST`)).json();
    expect(lookedUp.status).toBe('active');
    await payWith(second.token, tier.id, 'LAST');
    const rows = await t.db.select().from(offerRedemptions).where(eq(offerRedemptions.offerId, offer._id));
    expect(rows.map((r) => r.status).sort()).toEqual(['confirmed', 'released']);
  });

  it('a member who opens the checkout again with the same offer gets the same checkout and one reservation', async () => {
    const { owner, tier } = await setup(12);
    const offer = await makeOffer(owner.token, tier.id, { code: 'AGAIN', kind: 'trial', trialDays: 7 });
    const member = await buildUser(t.db);
    const a = await call(t.app, 'GET', checkoutUrl(tier.id, 'AGAIN'), undefined, member.token);
    const b = await call(t.app, 'GET', checkoutUrl(tier.id, 'again'), undefined, member.token);
    expect(b.json().url).toBe(a.json().url);
    // without the offer it is another price: the offer's checkout is expired and its place released
    await call(t.app, 'GET', checkoutUrl(tier.id), undefined, member.token);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(row).toMatchObject({ used: 0, redeemed: 0 });
  });
});
