import type { ErrorCatalogue } from '../error-protocol';
import { SESSION_MESSAGES } from './messages';

/** The error codes of sessions calls and the text shown for each (see common/errors.ts). */
export const SESSIONS_ERRORS = {
  session_not_found: 'Session not found',
  session_id_mismatch: 'The id in the path and the payload differ',
  facilitators_only: 'Only facilitators offer sessions',
  session_owner_only: 'Only the facilitator who offers this session can change it',
  booked_price_fixed: 'The price of a booked session cannot change.',
  session_already_booked: SESSION_MESSAGES.alreadyBooked,
  session_being_booked: SESSION_MESSAGES.beingBooked,
  own_session: SESSION_MESSAGES.ownSession,
  session_started: SESSION_MESSAGES.past,
  paid_session_use_checkout: SESSION_MESSAGES.paidUseCheckout,
  free_session_book_directly: SESSION_MESSAGES.freeBookDirectly,
  session_full: SESSION_MESSAGES.full,
  capacity_below_booked: SESSION_MESSAGES.capacityBelowBooked,
  booking_not_found: SESSION_MESSAGES.bookingNotFound,
  booker_not_found: SESSION_MESSAGES.bookerNotFound,
  session_not_full: 'A place is free in this session: book it instead of joining the waitlist.',
  waitlist_entry_not_found: 'You are not on the waitlist of this session.',
  no_credits_left: SESSION_MESSAGES.noCreditsLeft,
  credits_subscribers_only: SESSION_MESSAGES.creditsSubscribersOnly,
  credit_not_for_session: SESSION_MESSAGES.creditNotForSession,
} as const satisfies ErrorCatalogue;
