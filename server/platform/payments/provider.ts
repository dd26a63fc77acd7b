import type { OfferTerms } from '../../../common/offers/terms';
import type { BillingInterval } from '../../../common/tiers/intervals';
import { fail } from '../errors';

/**
 * The payment provider interface: Stripe when STRIPE_SECRET_KEY is set,
 * otherwise Tend's own test mode. Each turns what happened into a `PaymentEvent`, Tend's own
 * small vocabulary, that goes through one handler (`features/payments/events.ts`). Stripe's
 * objects are read through the SDK's types for the pinned API version in one place
 * (`stripe-events.ts`), so a change of shape is a compile error there, not a silent miss.
 */
export type PaymentEvent =
  | { id: string; type: 'checkout.completed'; checkout: CheckoutFacts }
  /** a delayed payment method (bank debit) settled or failed after the checkout completed */
  | {
      id: string;
      type: 'checkout.async_succeeded' | 'checkout.async_failed' | 'checkout.expired';
      checkout: CheckoutFacts;
    }
  | { id: string; type: 'invoice.paid' | 'invoice.payment_failed'; invoice: InvoiceFacts; account?: string }
  /** `account`: the connected account the subscription lives on (a Connect event) */
  | { id: string; type: 'subscription.changed'; subscriptionId: string; account?: string }
  | { id: string; type: 'account.changed'; accountId: string }
  | { id: string; type: 'payment.refunded'; refund: RefundFacts }
  | { id: string; type: 'payment.disputed'; dispute: DisputeFacts };

/** An event before the provider gives it its id. */
export type UnsentEvent = PaymentEvent extends infer E ? (E extends { id: string } ? Omit<E, 'id'> : never) : never;

export type CheckoutFacts = {
  id: string;
  mode: 'subscription' | 'payment';
  /** the money has arrived (card), or nothing was due; false while a delayed method settles */
  paid: boolean;
  subscriptionId: string | null;
  customerId: string | null;
  /** the payment to refund if this purchase turns out to be a duplicate */
  paymentId: string | null;
  amountCents: number;
  /** what an offer took off the amount, in cents (absent: nothing) */
  discountCents?: number;
  /** unix seconds */
  created: number;
  metadata: Record<string, string>;
};

export type InvoiceFacts = {
  id: string;
  subscriptionId: string | null;
  amountPaidCents: number;
  /** what an offer took off this invoice, in cents (absent: nothing) */
  discountCents?: number;
  paymentId: string | null;
  /** unix seconds */
  created: number;
};

export type RefundFacts = {
  /** the charge (Stripe) or checkout (test mode) refunded; with the total it names one state */
  chargeId: string;
  paymentId: string | null;
  /** everything refunded on this payment so far, not just this refund */
  amountRefundedCents: number;
  created: number;
};

export type DisputeFacts = {
  id: string;
  paymentId: string | null;
  amountCents: number;
  status: 'open' | 'won' | 'lost';
  created: number;
};

export type ProviderSubscription = {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** unix seconds */
  currentPeriodEnd: number;
  metadata: Record<string, string>;
  /** the price its one item bills now (after an interval switch too), when the provider says */
  price?: { itemId: string; providerPriceId: string | null; amountCents: number; interval: BillingInterval };
  /**
   * A discount off every bill from now on (a coupon for good, or for months still to run), in cents
   * off the price above, and when it stops (unix seconds; null: never). A discount for the first
   * payment only recurs nothing and is left out.
   */
  discount?: { centsOff: number; endsAt: number | null } | null;
  /** the connected account it lives on (one a facilitator brought from their own Stripe account) */
  accountId?: string;
};

/** Calls about an object on a facilitator's connected account name it (Stripe's `Stripe-Account`). */
export type OnAccount = { accountId?: string | null };

/** The subscription statuses that still give access: what a facilitator brings over. */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** A subscription already running on a facilitator's connected account, with what identifies it to them. */
export type AccountSubscription = ProviderSubscription & {
  accountId: string;
  customer: { id: string; email: string | null; name: string | null };
  /** the Price its one item bills, as the facilitator knows it (null: no item, or not recurring) */
  billed: {
    priceId: string;
    amountCents: number;
    /** Stripe's interval, 'day' included */
    interval: string | null;
    productName: string | null;
  } | null;
};

export type CheckoutInput = {
  mode: 'subscription' | 'payment';
  userId: string;
  email: string;
  customerId: string | null;
  product: {
    /** the tier or session it sells: the key that keeps its Product and Price one each */
    key: string;
    name: string;
    description: string;
    amountCents: number;
    interval: BillingInterval;
    trialDays: number;
    productId?: string | null;
    priceId?: string | null;
    /** a one-off amount with no Product or Price kept for it (a gift): Stripe's inline price_data */
    oneOff?: boolean;
  };
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** the facilitator's connected account and Tend's fee (destination charges) */
  destination?: { accountId: string; feePercent: number };
  /** when payment stops being accepted (a held session); the provider's default otherwise */
  expiresAt?: Date;
  /** an offer applied to whichever price is sold: its terms, and the provider's coupon once made */
  discount?: CheckoutDiscount;
};

export type CheckoutDiscount = {
  offerId: string;
  terms: OfferTerms;
  stripeCouponId: string | null;
  stripePromotionCodeId: string | null;
  /**
   * The offer is archived, its promotion code turned off, yet a referral reward still redeems
   * it: the checkout carries the coupon itself.
   */
  couponOnly?: boolean;
};

/** The price a subscription moves to: its product (the tier), amount and interval, and the provider's Price if known. */
export type SubscriptionPrice = {
  key: string;
  name: string;
  description: string;
  productId: string | null;
  priceId: string | null;
  amountCents: number;
  interval: BillingInterval;
};

export type CheckoutCreated = {
  id: string;
  url: string;
  customerId: string | null;
  priceId?: string;
  productId?: string;
  expiresAt: Date;
  /** the offer's coupon and promotion code at the provider, to keep on the offer */
  stripeCouponId?: string;
  stripePromotionCodeId?: string;
};

export type ProviderPayout = {
  id: string;
  amountCents: number;
  /** unix seconds: when the money reaches (or reached) the bank */
  arrivalDate: number;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
};

/**
 * Where a facilitator's money stands, in cents of the account's currency: on its way (`pending`),
 * ready to be paid out (`available`), sent to the bank (`paidOut`) and the fees taken from it.
 */
export type ProviderBalance = {
  availableCents: number;
  pendingCents: number;
  paidOutCents: number;
  feesCents: number;
};

/** A facilitator's connected account as the provider sees it now. */
export type AccountState = {
  accountId: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** what the provider still needs from them (requirements.currently_due) */
  requirementsDue: string[];
};

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<CheckoutCreated>;
  /** Stops an open checkout from taking payment: 'expired', or 'complete' when it was paid meanwhile. */
  expireCheckout(id: string): Promise<'expired' | 'complete'>;
  billingPortalUrl(customerId: string, returnUrl: string, on?: OnAccount): Promise<string>;
  /** A customer for a member who has never paid, so they can add a card before their first checkout. */
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** A fresh onboarding link (each is single-use), creating the connected account the first time. */
  connectOnboardingUrl(
    user: { id: string; email: string; accountId: string | null },
    returnUrl: string,
    refreshUrl: string,
  ): Promise<{ accountId: string; url: string }>;
  retrieveAccount(accountId: string): Promise<AccountState>;
  loginLink(accountId: string): Promise<string>;
  retrieveSubscription(id: string, on?: OnAccount): Promise<ProviderSubscription>;
  /** A connected account's live subscriptions (active, trialing, past due), every page of them. */
  listAccountSubscriptions(accountId: string): Promise<AccountSubscription[]>;
  /** One customer's live subscriptions on a connected account. */
  listCustomerSubscriptions(accountId: string, customerId: string): Promise<AccountSubscription[]>;
  /**
   * Refunds a payment (a payment intent at Stripe, a checkout in test mode), in full unless an
   * amount is given. The reversal reaches the revenue entries through the refund event, like
   * a refund made in the provider's dashboard.
   */
  refundPayment(paymentId: string, opts?: { amountCents?: number } & OnAccount): Promise<void>;
  /** The latest payouts to a facilitator's connected account, newest first. */
  listPayouts(accountId: string, limit: number): Promise<ProviderPayout[]>;
  /**
   * The connected account's balance (Stripe: its Balance, and its balance transactions for what
   * was paid out and the fees; test mode: the same from its own ledger).
   */
  retrieveBalance(accountId: string): Promise<ProviderBalance>;
  /**
   * Moves a subscription's one item to another price of its product (a member switching interval),
   * prorated as the provider does by default: the unused time of the old price is credited and,
   * as the interval changes, the period starts again now and is invoiced at once. The new state
   * reaches Tend through the subscription's event.
   */
  changeSubscriptionPrice(
    subscriptionId: string,
    price: SubscriptionPrice,
    on?: OnAccount,
  ): Promise<{ priceId?: string; productId?: string }>;
  /**
   * Stops an archived offer's promotion code from being redeemed at the provider (Stripe:
   * `active: false`, which cannot be undone); test mode keeps no promotion codes.
   */
  deactivatePromotionCode(promotionCodeId: string): Promise<void>;
  /** Cancels at the provider (account deletion, admin); immediate when `now`. */
  cancelSubscription(id: string, opts: { now: boolean } & OnAccount): Promise<void>;
  /**
   * Ends a free trial now: the first period is invoiced and charged at once and the subscription
   * is active from now (Stripe: `trial_end: 'now'`). The new state arrives through the events.
   */
  endTrial(id: string, on?: OnAccount): Promise<void>;
}

export type EventSink = (event: PaymentEvent) => Promise<unknown>;

/** How long a client waits before asking again after the provider could not be reached. */
export const PROVIDER_RETRY_AFTER_SECONDS = 30;

/**
 * The provider could not be reached or failed on its side (a network error, a 5xx): 503
 * `payments_unavailable` with Retry-After, the provider's error kept as the cause for the log.
 */
export const paymentsUnavailable = (cause: unknown) =>
  Object.assign(
    fail(
      503,
      'payments_unavailable',
      undefined,
      { retryAfter: PROVIDER_RETRY_AFTER_SECONDS },
      { 'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS) },
    ),
    { cause },
  );
