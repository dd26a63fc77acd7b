import type { ErrorCatalogue } from '../errors';

/** The error codes of auth calls and the text shown for each (see common/errors.ts). */
export const AUTH_ERRORS = {
  admin_only: 'Only administrators can do this',
} as const satisfies ErrorCatalogue;
