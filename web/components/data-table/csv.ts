import { format } from 'date-fns';
import { saveFile } from '../save-file';

// CSV export: comma separator, double-quote quoting, byte-order mark on, a generated
// file name, a header row only when the table asks for one.
const BOM = '\uFEFF';
const SEPARATOR = ',';
const LINE_END = '\r\n';

/**
 * A cell a spreadsheet would run as a formula ('=HYPERLINK(…)', '+1', '-1', '@SUM') gets a
 * leading apostrophe, so exported user input stays text (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export type CsvTable = {
  /** The column names; written as the first line only when `headerRow` is on. */
  header: string[];
  rows: string[][];
  headerRow?: boolean;
};

/** The whole file's text: the BOM first (so spreadsheets read UTF-8), CRLF after every line. */
export function toCsv({ header, rows, headerRow = false }: CsvTable): string {
  const lines = headerRow ? [header, ...rows] : rows;
  return BOM + lines.map((cells) => cells.map(csvCell).join(SEPARATOR) + LINE_END).join('');
}

/** 'users' -> 'users-2026-11-23.csv' (the local date of the export). */
export function csvFileName(base: string, on: Date = new Date()): string {
  return `${base}-${format(on, 'yyyy-MM-dd')}.csv`;
}

/** Hands the text to the browser as a CSV download. */
export function downloadCsv(fileName: string, text: string) {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
