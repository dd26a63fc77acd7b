import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of bringing a facilitator's Stripe subscribers over, and the text shown for each. */
export const STRIPE_IMPORT_ERRORS = {
  stripe_import_facilitators_only: 'Only facilitators bring their Stripe subscribers over.',
  stripe_account_not_linked: 'Link your Stripe account in Settings → Payouts first: your subscribers live there.',
  stripe_import_tier_not_yours: 'Choose one of your own subscription plans for each price.',
} as const satisfies ErrorCatalogue;
