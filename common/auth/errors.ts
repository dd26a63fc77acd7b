import type { ErrorCatalogue } from '../errors';

/** The error codes of auth calls and the text shown for each (see common/errors.ts). */
export const AUTH_ERRORS = {} as const satisfies ErrorCatalogue;
