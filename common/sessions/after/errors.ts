import type { ErrorCatalogue } from '../../error-protocol';

/** The error codes of the calls after a session (attendance, joining, rating). */
export const AFTER_SESSION_ERRORS = {
  session_not_started: 'Attendance can be marked once the session has started.',
  session_not_ended: 'You can rate this session once it has ended.',
  not_an_attendee: 'Only members who attended this session can rate it.',
  already_rated: 'You have already rated this session.',
} as const satisfies ErrorCatalogue;
