import type { Column } from '@tanstack/react-table';
import './column-meta';
import { csvFileName, downloadCsv, toCsv } from './csv';

export type CsvExport = {
  /** The file name's start: 'users' -> users-2026-11-23.csv. */
  fileName: string;
  /** A header row only when set (the admin screens set it). */
  headerRow?: boolean;
};

/** Data columns only: those with an accessor that are not switched off with `meta.csv: false`. */
export const isExported = <Row>(column: Column<Row, unknown>) =>
  Boolean(column.accessorFn) && column.columnDef.meta?.csv !== false;

function headerOf<Row>(column: Column<Row, unknown>) {
  const { header, meta } = column.columnDef;
  return meta?.csvHeader ?? (typeof header === 'string' ? header : column.id);
}

function cellOf<Row>(column: Column<Row, unknown>, row: Row, index: number) {
  const custom = column.columnDef.meta?.csv;
  if (typeof custom === 'function') return custom(row);
  const value = column.accessorFn?.(row, index);
  return value === null || value === undefined ? '' : String(value);
}

/** The CSV text of `rows` under the table's exported columns. */
export function rowsToCsv<Row>(columns: Column<Row, unknown>[], rows: Row[], headerRow = false) {
  const exported = columns.filter(isExported);
  return toCsv({
    header: exported.map(headerOf),
    rows: rows.map((row, index) => exported.map((column) => cellOf(column, row, index))),
    headerRow,
  });
}

export function exportCsv<Row>(columns: Column<Row, unknown>[], rows: Row[], { fileName, headerRow }: CsvExport) {
  downloadCsv(csvFileName(fileName), rowsToCsv(columns, rows, headerRow));
}
