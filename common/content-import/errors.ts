import type { ErrorCatalogue } from '../error-protocol';

/** The error codes of bulk content imports and the text shown for each (see common/errors.ts). */
export const CONTENT_IMPORT_ERRORS = {
  import_not_found: 'Import not found',
  feed_address_refused: 'That address cannot be fetched: use a public http or https address.',
  feed_unreachable: 'The feed could not be fetched. Check the address and try again.',
  feed_too_large: 'The feed is too large to read.',
  feed_not_rss: 'That address does not answer with a podcast (RSS) feed.',
  feed_has_no_recordings: 'The feed lists no audio or video recordings.',
  import_items_unknown: 'Some chosen items are no longer in the feed. Load the preview again.',
  zip_unreadable: 'The ZIP file could not be read.',
  zip_has_no_files: 'The ZIP holds no files to import.',
  csv_unreadable: 'The CSV file could not be read: it needs the columns file,title,day,description.',
  files_manifest_invalid: 'Send the list of files (items) before the files themselves.',
  files_do_not_match: 'The files sent do not match the list of files.',
  too_many_files: 'Too many files at once: send at most 50.',
  // reasons an item failed (shown beside the item)
  unsafe_path: 'The file’s path in the ZIP leaves its folder, so it was not read.',
  entry_too_large: 'The file is larger than an upload may be.',
  enclosure_unreachable: 'The recording could not be downloaded.',
  staged_file_missing: 'The uploaded file is no longer in storage: upload it again.',
  import_item_failed: 'The item could not be imported.',
} as const satisfies ErrorCatalogue;
