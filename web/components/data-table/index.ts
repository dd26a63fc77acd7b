export { DataTable, type ClientTableProps, type DataTableProps, type ServerTableProps } from './data-table';
export type { DataTableColumn } from './column-meta';
export type { CsvExport } from './export-csv';
export { serverListPath, type ServerTableSource } from './use-server-table';
export { SEARCH_DEBOUNCE_MS } from '../use-debounced-value';
