import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of subscriptions calls and the text shown for each (see common/errors.ts). */
export const SUBSCRIPTIONS_ERRORS = {
  plan_not_found: 'Plan not found',
  own_plan: 'You cannot subscribe to your own plan.',
  plan_is_paid: 'This plan is paid. Use checkout to subscribe.',
  plan_is_free: 'This plan is free: subscribe without checkout.',
  plan_already_held: 'You already have this plan.',
  subscription_not_found: 'Subscription not found',
  managed_in_billing_portal: 'Paid subscriptions are managed in the billing portal.',
  checkout_not_found: 'Checkout not found',
  // an admin's cancellation of a subscription that ended meanwhile
  subscription_ended: 'This subscription has already ended.',
  already_ending: 'This subscription already ends at the end of its period.',
  price_not_found: 'This plan has no price for that billing interval.',
  not_switchable: 'Only a running paid subscription can switch its billing interval.',
  same_price: 'This subscription is already on that price.',
  no_billing_period: 'This subscription has no billing period to wait for: cancel it now instead.',
  // Start paying now, or Cancel before the first charge, once the trial is over or already ending
  not_in_trial: 'This subscription is not in a free trial any more.',
} as const satisfies ErrorCatalogue;
