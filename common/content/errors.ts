import type { ErrorCatalogue } from '../errors';

/** The error codes of content calls and the text shown for each (see common/errors.ts). */
export const CONTENT_ERRORS = {} as const satisfies ErrorCatalogue;
