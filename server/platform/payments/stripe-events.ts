import type Stripe from 'stripe';
import type { CheckoutFacts, DisputeFacts, PaymentEvent } from './provider';

/**
 * Every Stripe event object Tend reads, read here through the SDK's types for the pinned API
 * version (`stripe.ts`): when Stripe moves a field (as 2025-03-31 moved an invoice's
 * subscription under `parent.subscription_details`), this file stops compiling.
 *
 * Ids Stripe may send expanded (an object) or not (a string) go through `idOf`.
 */
const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

/** The events each endpoint must be subscribed to (README 'Payments'), and the only ones read. */
export const PLATFORM_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const satisfies readonly Stripe.Event.Type[];
/** Connect: accounts, and the subscriptions facilitators brought that still bill on their own account. */
export const CONNECT_EVENTS = [
  'account.updated',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
] as const satisfies readonly Stripe.Event.Type[];

/** What Tend needs from Stripe besides the event itself: an invoice's payment. */
export type StripeReads = { invoicePaymentIntent(invoiceId: string): Promise<string | null> };

/** Tend's event for a Stripe event, or undefined for one Tend does not act on. */
export async function fromStripeEvent(event: Stripe.Event, reads: StripeReads): Promise<PaymentEvent | undefined> {
  const id = event.id;
  switch (event.type) {
    case 'checkout.session.completed':
      return { id, type: 'checkout.completed', checkout: await checkoutFacts(event.data.object, reads) };
    case 'checkout.session.async_payment_succeeded':
      return { id, type: 'checkout.async_succeeded', checkout: await checkoutFacts(event.data.object, reads) };
    case 'checkout.session.async_payment_failed':
      return { id, type: 'checkout.async_failed', checkout: await checkoutFacts(event.data.object, reads) };
    case 'checkout.session.expired':
      return { id, type: 'checkout.expired', checkout: await checkoutFacts(event.data.object, reads) };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      return {
        id,
        type: event.type,
        invoice: {
          id: invoice.id!,
          subscriptionId,
          amountPaidCents: invoice.amount_paid,
          discountCents: (invoice.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
          paymentId:
            event.type === 'invoice.paid' && invoice.amount_paid > 0
              ? await reads.invoicePaymentIntent(invoice.id!)
              : null,
          created: invoice.created,
        },
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { id, type: 'subscription.changed', subscriptionId: event.data.object.id };
    case 'account.updated':
      return { id, type: 'account.changed', accountId: event.data.object.id };
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        id,
        type: 'payment.refunded',
        refund: {
          chargeId: charge.id,
          paymentId: idOf(charge.payment_intent),
          amountRefundedCents: charge.amount_refunded,
          created: event.created,
        },
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      return { id, type: 'payment.disputed', dispute: disputeFacts(dispute, event.created) };
    }
    default:
      return undefined;
  }
}

async function checkoutFacts(session: Stripe.Checkout.Session, reads: StripeReads): Promise<CheckoutFacts> {
  const mode = session.mode === 'subscription' ? 'subscription' : 'payment';
  const invoiceId = idOf(session.invoice);
  const paymentId =
    mode === 'payment'
      ? idOf(session.payment_intent)
      : invoiceId && session.payment_status === 'paid'
        ? await reads.invoicePaymentIntent(invoiceId)
        : null;
  return {
    id: session.id,
    mode,
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
    paymentId,
    amountCents: session.amount_total ?? 0,
    discountCents: session.total_details?.amount_discount ?? 0,
    created: session.created,
    metadata: session.metadata ?? {},
  };
}

function disputeFacts(dispute: Stripe.Dispute, created: number): DisputeFacts {
  const status =
    dispute.status === 'won' || dispute.status === 'warning_closed'
      ? 'won'
      : dispute.status === 'lost'
        ? 'lost'
        : 'open';
  return { id: dispute.id, paymentId: idOf(dispute.payment_intent), amountCents: dispute.amount, status, created };
}
