import type { ErrorCatalogue } from '../errors';

/** The error codes of sessions calls and the text shown for each (see common/errors.ts). */
export const SESSIONS_ERRORS = {} as const satisfies ErrorCatalogue;
