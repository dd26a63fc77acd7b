export { DataTable } from './data-table';
export type { DataTableColumn } from './column-meta';
export { serverListPath } from './use-server-table';
