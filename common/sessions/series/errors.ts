import type { ErrorCatalogue } from '../../error-protocol';
import { SERIES_MAX_OCCURRENCES } from './limits';

/** The error codes of the session series calls and the text shown for each (see common/errors.ts). */
export const SERIES_ERRORS = {
  series_not_found: 'Series not found',
  series_owner_only: 'Only the facilitator who offers this series can change it',
  series_too_long: `A series can have at most ${SERIES_MAX_OCCURRENCES} sessions. End it sooner.`,
  series_empty: 'This rule has no sessions: the end is before the start.',
  series_bad_time_zone: 'Your time zone is not known. Open Settings and save your time zone.',
  series_session_mismatch: 'That session is not part of this series.',
  series_session_started: 'This session has started; choose a later one to change the series from.',
  series_date_this_only: 'To move a session to another day, change This session only.',
  series_booking_off: 'This series is booked one session at a time.',
  series_pay_per_session: 'Each session of this series is paid on its own: book them one at a time.',
  series_nothing_left: 'Every session of this series has started or been cancelled.',
  series_already_booked: 'You have already booked this series.',
  series_booking_not_found: 'You have not booked this series.',
} as const satisfies ErrorCatalogue;
