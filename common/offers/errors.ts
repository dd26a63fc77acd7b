import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of offers calls and the text shown for each (see common/errors.ts). */
export const OFFERS_ERRORS = {
  offer_not_found: 'That offer code was not found.',
  offer_code_taken: 'You already have an offer with this code. Choose another code.',
  offer_for_paid_plans: 'Offers can only be made on a paid plan.',
  offer_trial_needs_subscription: 'A free trial offer needs a subscription plan, not a course.',
  offer_amount_too_high: 'The amount off must be less than the plan’s price.',
  offer_ends_in_past: 'Choose an end date in the future.',
  offer_limit_below_used: 'The limit cannot be lower than the redemptions already made.',
  offer_archived: 'This offer has been archived.',
  offer_ended: 'This offer has ended.',
  offer_used_up: 'This offer has been fully redeemed.',
  offer_other_plan: 'This offer is for another plan.',
  reward_redeemed: 'You have already used this reward.',
} as const satisfies ErrorCatalogue;
