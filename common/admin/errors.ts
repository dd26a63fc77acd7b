import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of admin calls and the text shown for each (see common/errors.ts). */
export const ADMIN_ERRORS = {} as const satisfies ErrorCatalogue;
