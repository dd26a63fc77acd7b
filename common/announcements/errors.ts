import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of announcement calls and the text shown for each (see common/errors.ts). */
export const ANNOUNCEMENTS_ERRORS = {
  announcement_facilitators_only: 'Only facilitators can send announcements.',
  announcement_tier_not_found: 'Choose one of your own plans.',
  announcement_no_recipients: 'Nobody subscribes to that plan yet, so there is no one to send it to.',
} as const satisfies ErrorCatalogue;
