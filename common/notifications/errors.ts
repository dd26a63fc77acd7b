import type { ErrorCatalogue } from '../errors';

/** The error codes of notifications calls and the text shown for each (see common/errors.ts). */
export const NOTIFICATIONS_ERRORS = {
  notification_not_found: 'Notification not found',
} as const satisfies ErrorCatalogue;
