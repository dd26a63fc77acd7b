import type { ErrorCatalogue } from '../errors';

/** The error codes of posts calls and the text shown for each (see common/errors.ts). */
export const POSTS_ERRORS = {} as const satisfies ErrorCatalogue;
