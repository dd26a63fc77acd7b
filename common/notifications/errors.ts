import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of notifications calls and the text shown for each (see common/errors.ts). */
export const NOTIFICATIONS_ERRORS = {
  notification_not_found: 'Notification not found',
  invalid_unsubscribe_link:
    'This unsubscribe link is not valid. Open it again from the email, or choose which emails you get in Settings.',
} as const satisfies ErrorCatalogue;
