import type { ErrorCatalogue } from '../errors';

/** The error codes of tiers calls and the text shown for each (see common/errors.ts). */
export const TIERS_ERRORS = {} as const satisfies ErrorCatalogue;
