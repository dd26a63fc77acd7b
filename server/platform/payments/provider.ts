/**
 * The payment provider interface (DESIGN.md §2, §5): Stripe when STRIPE_SECRET_KEY is set,
 * otherwise Tend's own test mode. Both turn what happens into Stripe-shaped events that go
 * through one handler, so everything after the redirect is one code path.
 */
export type ProviderEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

export type ProviderSubscription = {
  id: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** unix seconds */
  currentPeriodEnd: number;
  metadata: Record<string, string>;
};

export type CheckoutInput = {
  mode: 'subscription' | 'payment';
  userId: string;
  email: string;
  customerId: string | null;
  product: { name: string; description: string; amountCents: number; productId?: string | null; priceId?: string | null };
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** the facilitator's connected account and Tend's fee (destination charges) */
  destination?: { accountId: string; feePercent: number };
};

export type AccountState = { accountId: string; detailsSubmitted: boolean; chargesEnabled: boolean };

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string; customerId: string | null; priceId?: string; productId?: string }>;
  billingPortalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** A customer for a member who has never paid, so they can add a card before their first checkout. */
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  connectOnboardingUrl(user: { id: string; email: string; accountId: string | null }, returnUrl: string, refreshUrl: string): Promise<{ accountId: string; url: string }>;
  loginLink(accountId: string): Promise<string>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /** Refunds a one-off payment in full (a session booked by someone else first, or cancelled). */
  refundPayment(paymentId: string): Promise<void>;
  /** Cancels at the provider (account deletion, admin); immediate when `now`. */
  cancelSubscription(id: string, opts: { now: boolean }): Promise<void>;
}

export type EventSink = (event: ProviderEvent) => Promise<unknown>;
