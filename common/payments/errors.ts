import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of payments calls and the text shown for each (see common/errors.ts). */
export const PAYMENTS_ERRORS = {
  earnings_facilitators_only: 'Only facilitators have earnings',
  payouts_facilitators_only: 'Only facilitators link a bank account',
  link_bank_account_first: 'Link a bank account first.',
  payouts_unavailable: 'Payouts could not be loaded from the payment provider',
  payments_not_set_up: 'Payments are not set up yet',
  payments_unavailable:
    'The payment provider cannot be reached right now. Nothing was charged or changed: please try again in a minute.',
  facilitator_cannot_take_payments: 'This facilitator cannot take payments yet.',
  checkout_complete: 'Your payment for this is already going through. Check My Subscriptions in a moment.',
  bad_signature: 'Invalid webhook signature',
  retry_later: 'Could not apply the event now; it will be retried',
  // an admin's refund
  payment_not_found: 'Payment not found',
  not_a_payment: 'Only a payment can be refunded, not a refund or a dispute.',
  no_payment_ref: 'Tend holds no provider payment for this entry: refund it in the payment provider’s dashboard.',
  already_refunded: 'This payment has already been refunded in full.',
  payment_disputed: 'This payment is disputed: it cannot be refunded while the dispute is open.',
  provider_failed: 'The payment provider did not accept this. Try again, or do it in the provider’s dashboard.',
} as const satisfies ErrorCatalogue;
