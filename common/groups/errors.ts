import type { ErrorCatalogue } from '../errors';

/** The error codes of groups calls and the text shown for each (see common/errors.ts). */
export const GROUPS_ERRORS = {} as const satisfies ErrorCatalogue;
