import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, revenueEntries, subscriptions } from '../../db/schema';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { sendTrialReminders } from './trial-reminders';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A member in a 7-day free trial of a $12 monthly plan, started through test mode's checkout. */
async function inTrial() {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, maya.user.id, { name: 'Deep', price: 12, trialDays: 7 });
  const sam = await buildUser(t.db, { name: 'Sam' });
  const start = await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, sam.token);
  const sessionId = start.json().url.split('/').pop();
  const page = (await call(t.app, 'GET', `/api/test-mode/checkout/${sessionId}`, undefined, sam.token)).json();
  expect(page).toMatchObject({ trialDays: 7, amount: 1200 });
  expect((await call(t.app, 'POST', `/api/test-mode/checkout/${sessionId}/pay`, {}, sam.token)).statusCode).toBe(200);
  const [sub] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, sam.token)).json();
  expect(sub).toMatchObject({ stripeDetails: { status: 'trialing' } });
  return { maya, tier, sam, sub: sub as { _id: string } };
}

const paidTo = async (facilitatorId: string) =>
  (await t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, facilitatorId))).map(
    (r) => r.amountCents,
  );
const money = async (token: string) =>
  (await call(t.app, 'GET', '/api/app/facilitator/money?period=week', undefined, token)).json();

describe('ending a free trial early (test mode)', () => {
  it('Start paying now charges the first period at once and counts a conversion', async () => {
    const { maya, sam, sub } = await inTrial();
    expect(await paidTo(maya.user.id)).toEqual([]);
    expect(await money(maya.token)).toMatchObject({ trialing: 1, trialStarts: 1, trialConversions: 0 });

    const res = await call(t.app, 'POST', '/api/app/subscription-action/start-paying', { sub: sub._id }, sam.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isActive: true, stripeDetails: { status: 'active' } });
    expect(await paidTo(maya.user.id)).toEqual([1200]);
    expect(await money(maya.token)).toMatchObject({ trialing: 0, trialStarts: 1, trialConversions: 1 });

    // the trial is over: neither action is there any more
    const again = await call(t.app, 'POST', '/api/app/subscription-action/start-paying', { sub: sub._id }, sam.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('not_in_trial');
  });

  it('Cancel before the first charge ends it with the trial: nothing charged, access until then', async () => {
    const { maya, sam, sub } = await inTrial();
    const res = await call(t.app, 'POST', '/api/app/subscription-action/cancel-trial', { sub: sub._id }, sam.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isActive: false, cancelAtPeriodEnd: true, endDate: expect.any(String) });
    expect(await paidTo(maya.user.id)).toEqual([]);
    const twice = await call(t.app, 'POST', '/api/app/subscription-action/cancel-trial', { sub: sub._id }, sam.token);
    expect(twice.json().error).toBe('not_in_trial');
  });

  it("refuses visitors (401), another member's subscription (404) and a free plan (409)", async () => {
    const { sam, sub } = await inTrial();
    const other = await buildUser(t.db);
    for (const action of ['start-paying', 'cancel-trial']) {
      const path = `/api/app/subscription-action/${action}`;
      expect((await call(t.app, 'POST', path, { sub: sub._id })).statusCode).toBe(401);
      expect((await call(t.app, 'POST', path, { sub: sub._id }, other.token)).statusCode).toBe(404);
      expect((await call(t.app, 'POST', path, { sub: 'nope' }, sam.token)).statusCode).toBe(400);
    }
    const maya = await buildFacilitator(t.db);
    const free = await buildTier(t.db, maya.user.id, { price: 0 });
    const freeSub = await buildSubscription(t.db, sam.user.id, free.id);
    const refused = await call(
      t.app,
      'POST',
      '/api/app/subscription-action/start-paying',
      { sub: freeSub.id },
      sam.token,
    );
    expect(refused.statusCode).toBe(409);
  });
});

describe('the reminder three days before the first charge', () => {
  /** A trial whose first charge is at `chargeAt`, for a member in `timeZone`. */
  async function trialEnding(
    chargeAt: string,
    timeZone: string,
    overrides: Partial<typeof subscriptions.$inferInsert> = {},
  ) {
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id, { name: 'Deep', price: 12, trialDays: 14 });
    const sam = await buildUser(t.db, { timeZone });
    const sub = await buildSubscription(t.db, sam.user.id, tier.id, {
      status: 'trialing',
      provider: 'test',
      providerSubscriptionId: `sub_test_${Math.random().toString(36).slice(2)}`,
      priceCents: 1200,
      currentPeriodEnd: new Date(chargeAt),
      ...overrides,
    });
    return { sam, sub };
  }
  const remindersOf = async (userId: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) =>
      n.message.startsWith('Your free trial'),
    );

  it("goes at 9 o'clock on the member's own day, three days before, once", async () => {
    // charged 12/20 at 15:00 in New York (UTC-5): remind on 12/17 between 9:00 and 9:59 there (14:00-14:59 UTC)
    const { sam, sub } = await trialEnding('2026-12-20T20:00:00Z', 'America/New_York');
    await sendTrialReminders(t.app.ctx, new Date('2026-12-17T13:59:00Z')); // 8:59 local
    await sendTrialReminders(t.app.ctx, new Date('2026-12-16T14:10:00Z')); // 9:10 local, four days before
    expect(await remindersOf(sam.user.id)).toHaveLength(0);

    await sendTrialReminders(t.app.ctx, new Date('2026-12-17T14:10:00Z'));
    const [reminder, ...more] = await remindersOf(sam.user.id);
    expect(more).toHaveLength(0);
    expect(reminder).toMatchObject({ type: 'payment', link: '/subscriptions' });
    expect(reminder!.message).toBe(
      'Your free trial of Deep ends on 12/20/2026: your first charge of $12 / month is then. ' +
        'To keep it free, cancel before then in Billing.',
    );
    // a later run, and another instance on the same database, send nothing more
    const second = await startSecondInstance(t);
    try {
      await Promise.all([
        sendTrialReminders(t.app.ctx, new Date('2026-12-17T14:25:00Z')),
        sendTrialReminders(second.app.ctx, new Date('2026-12-17T14:25:00Z')),
      ]);
    } finally {
      await second.close();
    }
    expect(await remindersOf(sam.user.id)).toHaveLength(1);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row!.trialReminderSentAt).toBeInstanceOf(Date);
  });

  it("follows the member's zone: 9:00 in Tokyo is midnight UTC", async () => {
    const { sam } = await trialEnding('2026-12-20T03:00:00Z', 'Asia/Tokyo');
    await sendTrialReminders(t.app.ctx, new Date('2026-12-17T14:10:00Z')); // 23:10 in Tokyo
    expect(await remindersOf(sam.user.id)).toHaveLength(0);
    await sendTrialReminders(t.app.ctx, new Date('2026-12-17T00:10:00Z')); // 9:10 on 12/17 in Tokyo
    expect(await remindersOf(sam.user.id)).toHaveLength(1);
  });

  it('is not sent for a trial set to end, nor once the trial is over', async () => {
    const ending = await trialEnding('2026-12-20T20:00:00Z', 'UTC', { cancelAtPeriodEnd: true });
    const paying = await trialEnding('2026-12-20T20:00:00Z', 'UTC', { status: 'active' });
    await sendTrialReminders(t.app.ctx, new Date('2026-12-17T09:10:00Z'));
    expect(await remindersOf(ending.sam.user.id)).toHaveLength(0);
    expect(await remindersOf(paying.sam.user.id)).toHaveLength(0);
  });
});
