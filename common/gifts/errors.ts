import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of gifts calls and the text shown for each (see common/errors.ts). */
export const GIFTS_ERRORS = {
  gift_plan_not_giftable: 'Only a paid subscription plan can be given as a gift.',
  gift_own_plan: 'You cannot buy your own plan as a gift.',
  gift_to_self: 'A gift is for someone else: enter their email address.',
  gift_deliver_on_past: 'Choose today or a later day for the delivery.',
  gift_deliver_on_too_far: 'Choose a delivery day within the next year.',
  gift_not_found: 'That gift was not found.',
  gift_link_invalid: 'This gift link is not valid. Ask the person who gave it to send it again.',
  gift_already_claimed: 'This gift has already been claimed.',
  gift_revoked: 'This gift was refunded and can no longer be claimed.',
  gift_own_claim: 'You bought this gift: it is for someone else to claim.',
  gift_facilitator_claim: 'This plan is yours: give the gift link to someone else.',
  gift_already_subscribed:
    'You already subscribe to this plan, so the gift cannot be added to it. Ask the giver to send it to someone else.',
  gift_not_editable: 'This gift can no longer be changed: it was claimed or refunded.',
  gift_not_paid: 'This gift is not paid yet.',
  gift_not_delivered: 'This gift is scheduled: it is sent on its delivery day.',
  gift_resend_too_soon: 'The gift email was sent a moment ago. Try again in a few minutes.',
} as const satisfies ErrorCatalogue;
