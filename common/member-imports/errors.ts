import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of member import calls and the text shown for each (see common/errors.ts). */
export const MEMBER_IMPORTS_ERRORS = {
  member_import_facilitators_only: 'Only facilitators can import members.',
  member_import_not_found: 'That import was not found.',
  member_import_file_missing: 'Choose a CSV file to upload.',
  member_import_too_big: 'The file is larger than 20 MB. Split it and import each part.',
  member_import_not_csv: 'The file could not be read as CSV. Export it again as CSV and upload that.',
  member_import_no_email_column: 'Choose which column holds the email address.',
  member_import_columns_mismatch: 'The mapping does not match the columns of the file.',
  member_import_tier_not_yours: 'Tier values can only map to your own tiers.',
  member_import_already_run: 'This import has already been run.',
  member_import_mail_at_past: 'Choose a time in the future for the mails.',
} as const satisfies ErrorCatalogue;
