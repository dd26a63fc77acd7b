import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of business exports and the text shown for each (see common/errors.ts). */
export const EXPORTS_ERRORS = {
  exports_facilitators_only: 'Only facilitators export a business.',
  export_running: 'An export of yours is already being made. Wait for it to finish.',
  export_not_found: 'Export not found',
  export_expired: 'This download link has expired. Request a new export.',
  export_not_ready: 'This export is not ready yet.',
} as const satisfies ErrorCatalogue;
