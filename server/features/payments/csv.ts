/**
 * CSV files the server hands out (comma separator, double-quote quoting, byte-order mark on, a
 * generated file name; these exports always carry a header row).
 */
const BOM = '\uFEFF';
const LINE_END = '\r\n';

/**
 * Text a spreadsheet would run as a formula ('=HYPERLINK(…)', '+1', '-1', '@SUM', or one
 * starting with a tab or carriage return) gets a leading apostrophe, so a member's name stays
 * text (OWASP "CSV injection"). Numbers are Tend's own and stay numbers, negative ones included.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | null;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: CsvValue[][]): string {
  return BOM + [header, ...rows].map((cells) => cells.map(csvCell).join(',') + LINE_END).join('');
}

/** 'Morning Calm & co' -> 'morning-calm-co', for file names. */
export const fileSlug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'export';

/** Content-Disposition for a download; the name is ASCII already (fileSlug). */
export const attachment = (fileName: string) => `attachment; filename="${fileName}"`;
