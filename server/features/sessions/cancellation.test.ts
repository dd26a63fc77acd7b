import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revenueEntries } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { stripeEvent, stripeStandIn, deliverStripeEvent } from '../../test/stripe-stand-in';
import { hoursAhead, offerSession } from './test/helpers';

/**
 * Cancelling a place, against the Stripe stand-in: a paid place is booked by the signed
 * checkout.session.completed event, refunded through the provider, and its revenue reversed by
 * the charge.refunded event that follows, as every refund is.
 */
const SECRET = 'whsec_sessions';
let t: TestApp;
const stand = stripeStandIn();
beforeAll(async () => {
  t = await startTestApp({
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: SECRET,
    stripeConnectWebhookSecret: 'whsec_connect',
    stripeApi: await stand.listen(),
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

let seq = 0;
const uid = (prefix: string) => `${prefix}_cancel_${++seq}_${Math.random().toString(36).slice(2, 8)}`;

const deliver = (event: Record<string, unknown>) => deliverStripeEvent(t.app, SECRET, event);

type Person = Awaited<ReturnType<typeof buildUser>>;

/** The member opens the checkout (holding a place) and Stripe reports it paid: answers the payment intent. */
async function payForPlace(member: Person, sessionId: string, facilitatorId: string, cents: number) {
  const checkout = await call(t.app, 'POST', '/api/app/session/create-checkout-session', { sessionId }, member.token);
  expect(checkout.statusCode, checkout.body).toBe(200);
  const pi = uid('pi');
  const completed = {
    id: uid('cs'),
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    subscription: null,
    invoice: null,
    payment_intent: pi,
    customer: 'cus_member',
    amount_total: cents,
    created: Math.floor(Date.now() / 1000),
    metadata: { userId: member.user.id, sessionId, facilitatorId },
  };
  expect(await deliver(stripeEvent(uid('evt'), 'checkout.session.completed', completed))).toBe('applied');
  return pi;
}

/** Stripe's report of a refund made through its API. */
const refundedCharge = (pi: string, cents: number) =>
  stripeEvent(uid('evt'), 'charge.refunded', {
    id: `ch_${pi}`,
    object: 'charge',
    payment_intent: pi,
    amount: cents,
    amount_refunded: cents,
    refunded: true,
  });

const refundsOf = (pi: string) => stand.calls('/v1/refunds').filter((r) => r.body.get('payment_intent') === pi);
const revenueOf = async (facilitatorId: string) =>
  (await t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, facilitatorId)))
    .map((e) => [e.kind, e.amountCents])
    .sort();
const cancel = (token: string | undefined, id: string) =>
  call(t.app, 'POST', `/api/app/session/${id}/cancel-booking`, undefined, token);
const remove = (token: string | undefined, id: string, memberId: string) =>
  call(t.app, 'POST', `/api/app/facilitator/sessions/${id}/remove-booking`, { memberId }, token);
const placesLeft = async (token: string, id: string) =>
  (await call(t.app, 'GET', `/api/app/session/${id}`, undefined, token)).json().placesLeft;
const notices = async (token: string) =>
  (await call(t.app, 'GET', '/api/app/notifications', undefined, token))
    .json()
    .map((n: { message: string }) => n.message);

async function paidGroupSession(startsInHours: number) {
  const maya = await buildFacilitator(t.db, { name: 'Maya Rivers' });
  const sam = await buildUser(t.db, { name: 'Sam Lee' });
  const session = await offerSession(t, maya.token, hoursAhead(startsInHours), {
    price: 25,
    capacity: 5,
    cancellationHours: 24,
  });
  const pi = await payForPlace(sam, session._id, maya.user.id, 2500);
  return { maya, sam, sessionId: session._id, pi };
}

describe('a member cancels their place', () => {
  it('before the cancellation window: refunded through Stripe, and the revenue reversed by its refund event', async () => {
    const { maya, sam, sessionId, pi } = await paidGroupSession(72);
    expect(await placesLeft(sam.token, sessionId)).toBe(4);
    expect(await revenueOf(maya.user.id)).toEqual([['payment', 2500]]);

    const res = await cancel(sam.token, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelled: true, refunded: true });
    expect(refundsOf(pi)).toHaveLength(1);
    expect(await placesLeft(sam.token, sessionId)).toBe(5);

    expect(await deliver(refundedCharge(pi, 2500))).toBe('applied');
    expect(await revenueOf(maya.user.id)).toEqual([
      ['payment', 2500],
      ['refund', -2500],
    ]);
    expect((await notices(maya.token)).some((m: string) => m.startsWith('Sam Lee cancelled their place'))).toBe(true);
    const mail = await t.mailbox.latest(sam.user.email, /^Cancelled: your place in Breath coaching/);
    expect(mail.text).toContain('Your payment has been refunded.');

    // cancelling again finds no place
    const again = await cancel(sam.token, sessionId);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('booking_not_found');
    expect(refundsOf(pi)).toHaveLength(1);
  });

  it('inside the cancellation window: the place is freed, nothing is refunded', async () => {
    const { maya, sam, sessionId, pi } = await paidGroupSession(5);
    const res = await cancel(sam.token, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelled: true, refunded: false });
    expect(refundsOf(pi)).toEqual([]);
    expect(await placesLeft(sam.token, sessionId)).toBe(5);
    expect(await revenueOf(maya.user.id)).toEqual([['payment', 2500]]);
    const mail = await t.mailbox.latest(sam.user.email, /^Cancelled: your place in Breath coaching/);
    expect(mail.text).not.toContain('refunded');
  });

  it('refuses visitors, members without a place and the facilitator', async () => {
    const { maya, sessionId } = await paidGroupSession(72);
    const lee = await buildUser(t.db);
    expect((await cancel(undefined, sessionId)).statusCode).toBe(401);
    const notMine = await cancel(lee.token, sessionId);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error).toBe('booking_not_found');
    expect((await cancel(maya.token, sessionId)).statusCode).toBe(404);
    expect((await cancel(lee.token, '00000000-0000-4000-8000-000000000000')).json().error).toBe('session_not_found');
    expect((await cancel(lee.token, 'not-an-id')).statusCode).toBe(400);
    expect(await placesLeft(maya.token, sessionId)).toBe(4);
  });
});

describe('the facilitator removes a member', () => {
  it('refunds a paid place once, even when the removal is sent twice at the same time, and tells the member', async () => {
    const { maya, sam, sessionId, pi } = await paidGroupSession(5);
    const answers = await Promise.all([
      remove(maya.token, sessionId, sam.user.id),
      remove(maya.token, sessionId, sam.user.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toEqual({ removed: true, refunded: true });
    expect(answers.find((a) => a.statusCode === 404)!.json().error).toBe('booker_not_found');
    // inside the member's window too: a removal always refunds
    expect(refundsOf(pi)).toHaveLength(1);
    expect(await placesLeft(maya.token, sessionId)).toBe(5);
    expect((await notices(sam.token))[0]).toMatch(
      /^Maya Rivers cancelled your place in Breath coaching .* refunded\.$/,
    );
    const mail = await t.mailbox.latest(sam.user.email, /^Cancelled: Breath coaching/);
    expect(mail.text).toContain('Maya Rivers cancelled your place in Breath coaching. Your payment has been refunded.');
  });

  it('refuses visitors, another facilitator and members; a member without a place is not found', async () => {
    const { maya, sam, sessionId, pi } = await paidGroupSession(72);
    const river = await buildFacilitator(t.db);
    expect((await remove(undefined, sessionId, sam.user.id)).statusCode).toBe(401);
    const other = await remove(river.token, sessionId, sam.user.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('session_owner_only');
    expect((await remove(sam.token, sessionId, sam.user.id)).statusCode).toBe(403);
    const lee = await buildUser(t.db);
    expect((await remove(maya.token, sessionId, lee.user.id)).json().error).toBe('booker_not_found');
    expect((await remove(maya.token, sessionId, 'nobody')).statusCode).toBe(400);
    expect(refundsOf(pi)).toEqual([]);
    expect(await placesLeft(maya.token, sessionId)).toBe(4);
  });
});

describe('the facilitator deletes a session', () => {
  it('refunds every paid place once and tells every member', async () => {
    const { maya, sam, sessionId, pi } = await paidGroupSession(72);
    const ann = await buildUser(t.db, { name: 'Ann' });
    const annPi = await payForPlace(ann, sessionId, maya.user.id, 2500);
    const res = await call(t.app, 'GET', `/api/app/delete-session/${sessionId}`, undefined, maya.token);
    expect(res.statusCode).toBe(200);
    expect(refundsOf(pi)).toHaveLength(1);
    expect(refundsOf(annPi)).toHaveLength(1);
    for (const member of [sam, ann]) {
      expect((await notices(member.token))[0]).toMatch(
        /was cancelled by the facilitator\. Your payment has been refunded\.$/,
      );
      await t.mailbox.latest(member.user.email, /^Cancelled: Breath coaching/);
    }
    const toMaya = await t.mailbox.latest(maya.user.email, /^Cancelled: Breath coaching with Sam Lee and Ann/);
    expect(toMaya.text).toContain('refunded');
  });
});
