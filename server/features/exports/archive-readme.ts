import { ARCHIVE_TABLES } from './archive-tables';

export const ARCHIVE_FORMAT_VERSION = 1;

/**
 * The archive's README.md, made from the table definitions the writer reads, so the documented
 * files and columns are always the ones written; docs/features/business-export.md holds the same text.
 */
export function archiveReadme(): string {
  const tables = ARCHIVE_TABLES.map((t) =>
    [
      `### ${t.name}.csv and ${t.name}.jsonl${t.siteOnly ? ' (site archive only)' : ''}`,
      '',
      t.about,
      '',
      '| Column | Meaning |',
      '| --- | --- |',
      ...t.columns.map((c) => `| \`${c.name}\` | ${c.about.replace(/\|/g, '\\|')} |`),
    ].join('\n'),
  );
  return `# Tend export (format version ${ARCHIVE_FORMAT_VERSION})

An archive of a business on Tend (one facilitator's) or of a whole Tend site (an administrator's),
for keeping a copy or for leaving. It is not a backup: a site is restored from the backup CLI
(\`npm run backup\` / \`npm run restore\`), never from this archive.

## Layout

- \`README.md\`: this file.
- \`<table>.csv\`: one table as a spreadsheet: UTF-8 with a byte-order mark, comma separated,
  every text quoted, a header row. Empty cell: no value. Lists are joined with a space. A text that
  starts with = + - @ or a tab gets a leading apostrophe so spreadsheets do not run it as a formula.
- \`<table>.jsonl\`: the same rows as JSON Lines: one JSON object per line, keyed by column name,
  values exact (lists as arrays, null for no value). Use these to import elsewhere.
- \`files/\`: the stored files themselves, at the path \`files.csv\` gives (\`archive_path\`).
- \`manifest.json\`: \`format\`, \`formatVersion\`, \`scope\` (\`business\` or \`site\`),
  \`facilitatorId\`, \`generatedAt\`, and per file its row count (tables), bytes and SHA-256.

Times are ISO 8601 with their offset (UTC). Money is in US cents, as integers. Ids are UUIDs;
a column ending in \`_id\` names a row of the table its description gives.

## What is left out

- Secrets of any kind: password hashes, two-factor keys and recovery codes, sign-in sessions,
  reset and confirmation codes, calendar feed addresses, push endpoints, API keys.
- In a business archive: other facilitators' data; members' email addresses and payment customer
  ids (Tend never shows those to a facilitator); the author of an anonymous post; direct messages
  (they are private to the two people in them: each of them has their own in their account export).
- Members' own activity that is theirs, not the business's: practice progress, journal entries,
  favourites (in each member's account export).

## Files

${tables.join('\n\n')}
`;
}
