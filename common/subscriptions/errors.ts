import type { ErrorCatalogue } from '../errors';

/** The error codes of subscriptions calls and the text shown for each (see common/errors.ts). */
export const SUBSCRIPTIONS_ERRORS = {} as const satisfies ErrorCatalogue;
