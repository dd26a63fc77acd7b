import type { ErrorCatalogue } from '../../error-protocol';

/** The error codes of a session's recording (attach, detach). */
export const RECORDING_ERRORS = {
  recording_not_started: 'A recording can be attached once the session has started.',
  recording_not_own_content: 'Only your own content can be the recording of your session.',
  recording_not_own_tier: 'A recording can be shared only with your own tiers.',
  recording_not_in_series: 'This session is not part of a series.',
  recording_not_found: 'This session has no recording.',
} as const satisfies ErrorCatalogue;
