import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of practice calls and the text shown for each (see common/errors.ts). */
export const PRACTICE_ERRORS = {} as const satisfies ErrorCatalogue;
