import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of practice calls and the text shown for each (see common/errors.ts). */
export const PRACTICE_ERRORS = {
  nothing_to_play: 'This item has no audio or video to keep a place in.',
} as const satisfies ErrorCatalogue;
