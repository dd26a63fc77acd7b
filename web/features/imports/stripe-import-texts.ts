import type { StripeImportReason } from '@common/imports/stripe-import-schemas';

/** Why a subscription was left where it is, in the facilitator's words. */
export const STRIPE_IMPORT_REASON_TEXTS: Record<StripeImportReason, string> = {
  unmatched_price: 'Its price is not linked to a plan yet',
  no_email: 'The customer has no email address in Stripe',
  belongs_to_another_member: 'Another Tend member already holds this subscription',
  already_subscribed: 'This member already pays for that plan in Tend',
  not_applied: 'It could not be brought over; try again',
};
