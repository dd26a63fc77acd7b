import type { ErrorCatalogue } from '../errors';

/** The error codes of messages calls and the text shown for each (see common/errors.ts). */
export const MESSAGES_ERRORS = {} as const satisfies ErrorCatalogue;
