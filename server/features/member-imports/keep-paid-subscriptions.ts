/**
 * Keeps the paid Stripe subscriptions of an imported member's Stripe customer (matched to the
 * facilitator's tiers by price) and answers the tiers kept. Implemented elsewhere; the import calls
 * it for a row with a Stripe customer id when one is configured, and otherwise only records the id.
 */
export type KeepPaidSubscriptions = (input: {
  facilitatorId: string;
  userId: string;
  stripeCustomerId: string;
}) => Promise<{ kept: Array<{ tierId: string }> }>;

/** What the import job is given from outside. */
export type ImportDependencies = { keepPaidSubscriptions?: KeepPaidSubscriptions };
