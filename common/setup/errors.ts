import type { ErrorCatalogue } from '../error-protocol';
import { SETUP_MESSAGES } from './messages';

/**
 * The error codes of setup calls and the text shown for each (see common/errors.ts). Setup's
 * `email_in_use` carries SETUP_MESSAGES.emailInUse in `message` (other forms word it their own way).
 */
export const SETUP_ERRORS = {
  setup_not_available: SETUP_MESSAGES.notAvailable,
} as const satisfies ErrorCatalogue;
