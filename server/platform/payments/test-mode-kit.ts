import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { discountOf, type OfferTerms } from '../../../common/offers/terms';
import { PERIOD_DAYS } from '../../../common/tiers/intervals';
import { testProviderPayouts, testProviderSubscriptions, tiers, users } from '../../db/schema';
import type { EventSink, PaymentEvent, ProviderSubscription, UnsentEvent } from './provider';

export const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
export const DAY = 24 * 60 * 60;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Test mode pays a facilitator's share out this long after the payment (Stripe's standard US schedule). */
const PAYOUT_DELAY = 2 * DAY;

/** A test-mode action that cannot happen now (the route answers 409 with the message). */
export class TestModeConflict extends Error {
  override name = 'TestModeConflict';
}

type Row = typeof testProviderSubscriptions.$inferSelect;
/** An offer's discount on a test subscription: its terms and the payments it still covers (null: all). */
type StoredDiscount = { terms: OfferTerms; periodsLeft: number | null };

/**
 * What a test subscription's next invoice charges: its price less the discount while the offer's
 * payments last (`periodsLeft`, null: for good), counting this payment off them, as Stripe applies
 * a coupon's duration invoice by invoice.
 */
export async function nextCharge(db: Database, row: Row) {
  const discount = row.discount ? (JSON.parse(row.discount) as StoredDiscount) : undefined;
  if (!discount || discount.periodsLeft === 0) {
    // a discount whose payments are spent leaves the subscription, as Stripe ends a coupon's discount
    if (discount)
      await db
        .update(testProviderSubscriptions)
        .set({ discount: null })
        .where(eq(testProviderSubscriptions.id, row.id));
    return { amountCents: row.amountCents, discountCents: 0 };
  }
  const discountCents = discountOf(discount.terms, row.amountCents);
  const periodsLeft = discount.periodsLeft === null ? null : discount.periodsLeft - 1;
  await db
    .update(testProviderSubscriptions)
    .set({ discount: JSON.stringify({ ...discount, periodsLeft }) })
    .where(eq(testProviderSubscriptions.id, row.id));
  return { amountCents: row.amountCents - discountCents, discountCents };
}

/**
 * The discount a test subscription's bills carry from now on, as Stripe's subscription shows its
 * coupon: for good, or until the first bill past its payments (each bill is one period apart);
 * a first-payment-only discount recurs nothing.
 */
function ongoingDiscount(row: Row): ProviderSubscription['discount'] {
  const discount = row.discount ? (JSON.parse(row.discount) as StoredDiscount) : undefined;
  if (!discount || discount.terms.kind === 'trial' || discount.terms.duration === 'once') return null;
  const centsOff = discountOf(discount.terms, row.amountCents);
  if (centsOff === 0) return null;
  const { periodsLeft } = discount;
  return {
    centsOff,
    endsAt: periodsLeft === null ? null : row.currentPeriodEnd + periodsLeft * PERIOD_DAYS[row.interval] * DAY,
  };
}

/** What test mode's checkouts, subscriptions and accounts share: its tables, its events, its payouts. */
export function testModeKit(db: Database, deliver: () => EventSink, settings: { feePercent: number }) {
  // every event's id is the provider's own (evt_test_…): the handler applies each once
  const send = (event: UnsentEvent) => deliver()({ id: id('evt'), ...event } as PaymentEvent);

  const sub = async (subscriptionId: string) =>
    (
      await db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.id, subscriptionId)).limit(1)
    )[0];

  const toProvider = (row: Row): ProviderSubscription => ({
    id: row.id,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    metadata: JSON.parse(row.metadata),
    price: {
      itemId: `si_${row.id}`,
      providerPriceId: row.priceId,
      amountCents: row.amountCents,
      interval: row.interval,
    },
    discount: ongoingDiscount(row),
    ...(row.accountId ? { accountId: row.accountId } : {}),
  });

  /** The facilitator's share of a payment goes out to their linked account, as Stripe's payouts would. */
  async function payOut(facilitatorId: string | undefined, amountCents: number) {
    if (!facilitatorId || amountCents <= 0) return;
    const [f] = await db.select().from(users).where(eq(users.id, facilitatorId)).limit(1);
    if (!f?.stripeAccountId || !f.stripeChargesEnabled) return;
    const net = amountCents - Math.round((amountCents * settings.feePercent) / 100);
    await db.insert(testProviderPayouts).values({
      id: id('po'),
      accountId: f.stripeAccountId,
      amountCents: net,
      arrivalDate: nowSeconds() + PAYOUT_DELAY,
      status: 'in_transit',
    });
  }

  async function invoicePaid(row: Row, amountCents: number, discountCents = 0) {
    const invoiceId = id('in');
    const metadata = JSON.parse(row.metadata) as Record<string, string>;
    await send({
      type: 'invoice.paid',
      invoice: {
        id: invoiceId,
        subscriptionId: row.id,
        amountPaidCents: amountCents,
        discountCents,
        paymentId: amountCents > 0 ? invoiceId : null,
        created: nowSeconds(),
      },
    });
    const [tier] = metadata.tierId
      ? await db.select({ userId: tiers.userId }).from(tiers).where(eq(tiers.id, metadata.tierId)).limit(1)
      : [];
    await payOut(tier?.userId, amountCents);
  }

  return { db, send, sub, toProvider, payOut, invoicePaid };
}

export type TestModeKit = ReturnType<typeof testModeKit>;
