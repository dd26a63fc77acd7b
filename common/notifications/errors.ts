import type { ErrorCatalogue } from '../errors';

/** The error codes of notifications calls and the text shown for each (see common/errors.ts). */
export const NOTIFICATIONS_ERRORS = {} as const satisfies ErrorCatalogue;
