import type { ErrorCatalogue } from '../errors';

/** The error codes of uploads calls and the text shown for each (see common/errors.ts). */
export const UPLOADS_ERRORS = {} as const satisfies ErrorCatalogue;
