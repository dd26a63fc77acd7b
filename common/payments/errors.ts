import type { ErrorCatalogue } from '../errors';

/** The error codes of payments calls and the text shown for each (see common/errors.ts). */
export const PAYMENTS_ERRORS = {} as const satisfies ErrorCatalogue;
