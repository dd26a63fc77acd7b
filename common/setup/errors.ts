import type { ErrorCatalogue } from '../errors';

/** The error codes of setup calls and the text shown for each (see common/errors.ts). */
export const SETUP_ERRORS = {} as const satisfies ErrorCatalogue;
