import type { ErrorCatalogue } from '../errors';

/** The error codes of profiles calls and the text shown for each (see common/errors.ts). */
export const PROFILES_ERRORS = {} as const satisfies ErrorCatalogue;
