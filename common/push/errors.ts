import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of the Web Push calls and the text shown for each (see common/errors.ts). */
export const PUSH_ERRORS = {
  push_endpoint_refused:
    'This browser gave a push address we do not send to. Try again, or use another browser for notifications.',
  push_device_not_found: 'That device is not on your list any more.',
  push_subscription_unknown: 'This device is not set up for notifications any more. Turn them on again in Settings.',
  push_session_required: 'Sign in again on this device to turn on notifications.',
} as const satisfies ErrorCatalogue;
