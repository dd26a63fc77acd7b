import { useEffect, useState } from 'react';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type PaginationState,
  type SortingState,
} from '@tanstack/react-table';
import { PAGE_SIZES } from '@common/admin/schemas';
import type { DataTableColumn } from './column-meta';
import type { CsvExport } from './export-csv';
import { useTableSearch } from './search-field';
import { TableView, type TableStatus } from './table-view';
import { useServerTable, type ServerTableSource } from './use-server-table';

type CommonProps<Row> = {
  /** The table's name: its caption for screen readers, and the names of its search box and pager. */
  label: string;
  columns: DataTableColumn<Row>[];
  /** A stable id per row (e.g. `row._id`); the row's index otherwise. */
  getRowId?: (row: Row) => string;
  /** The global search box (it can be hidden). On by default. */
  searchable?: boolean;
  /** Shown when the list has no rows at all, e.g. 'No tiers available'. */
  emptyText?: string;
  /** Shown when a search finds nothing. */
  noMatchesText?: string;
  /** Shown with a 'Try again' button when the rows could not be loaded. */
  loadErrorText?: string;
  /** Clicking a row (outside its links and buttons); the row's Edit link remains the keyboard route. */
  onRowClick?: (row: Row) => void;
  /** An 'Export to CSV' button; none without it. */
  csv?: CsvExport;
  initialSorting?: SortingState;
};

/** Client mode: the whole list is here; sorting, search and paging happen in the browser. */
export type ClientTableProps<Row> = CommonProps<Row> & {
  /** undefined while loading */
  data: Row[] | undefined;
  isError?: boolean;
  onRetry?: () => unknown;
  server?: never;
};

/** Server mode: keyset pages asked of the server with its sort, page size and search. */
export type ServerTableProps<Row> = CommonProps<Row> & { server: ServerTableSource<Row>; data?: never };

export type DataTableProps<Row> = ClientTableProps<Row> | ServerTableProps<Row>;

const DEFAULT_TEXTS = {
  emptyText: 'Nothing here yet',
  noMatchesText: 'No matches found',
  loadErrorText: 'We could not load this list.',
};

/** Generic data table: sorting, search, paging, page sizes, CSV export and row clicks. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  return props.server ? <ServerDataTable {...props} /> : <ClientDataTable {...props} />;
}

// One empty array for every render: a new [] each time would make TanStack recompute for ever.
const NO_ROWS: never[] = [];

function ClientDataTable<Row>({ data, isError, onRetry, searchable = true, ...common }: ClientTableProps<Row>) {
  const { applied: search, box: searchBox } = useTableSearch(searchable);
  const [sorting, setSorting] = useState<SortingState>(common.initialSorting ?? []);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZES[0] });
  const toFirstPage = () => setPagination((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));

  const table = useReactTable<Row>({
    data: data ?? NO_ROWS,
    columns: common.columns,
    getRowId: common.getRowId,
    state: { globalFilter: search, sorting, pagination },
    onSortingChange: (update) => {
      setSorting(update);
      toFirstPage();
    },
    onPaginationChange: setPagination,
    // TanStack would go back to page one whenever the rows change; a delete on page 3 should stay there
    autoResetPageIndex: false,
    sortDescFirst: false,
    enableMultiSort: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  // A new search starts at page one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search is the trigger to go back to page one
  useEffect(toFirstPage, [search]);
  // Fewer rows than before (a delete, a reload) may leave the page past the end: show the last one.
  const pageCount = Math.max(1, table.getPageCount());
  useEffect(() => {
    if (pagination.pageIndex >= pageCount) setPagination((p) => ({ ...p, pageIndex: pageCount - 1 }));
  }, [pagination.pageIndex, pageCount]);

  const { pageIndex, pageSize } = pagination;
  const status: TableStatus = isError ? 'error' : data ? 'ready' : 'loading';

  return (
    <TableView
      {...DEFAULT_TEXTS}
      {...common}
      table={table}
      status={status}
      refreshing={false}
      onRetry={() => onRetry?.()}
      pager={{
        pageNumber: pageIndex + 1,
        pageCount,
        canPrevious: table.getCanPreviousPage(),
        canNext: table.getCanNextPage(),
        previous: table.previousPage,
        next: table.nextPage,
      }}
      pageSize={pageSize}
      onPageSizeChange={(size) => setPagination({ pageIndex: 0, pageSize: size })}
      search={searchBox}
      // the rows as filtered and sorted, on every page
      csv={
        common.csv && { ...common.csv, rows: () => table.getPrePaginationRowModel().rows.map((row) => row.original) }
      }
    />
  );
}

function ServerDataTable<Row>({ server, searchable = true, ...common }: ServerTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>(common.initialSorting ?? []);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const { applied: search, box: searchBox } = useTableSearch(searchable);
  const { result, rows, pager, fetchAllRows } = useServerTable(server, { sorting, pageSize, search });

  const table = useReactTable<Row>({
    data: rows ?? NO_ROWS,
    columns: common.columns,
    getRowId: common.getRowId,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    sortDescFirst: false,
    enableMultiSort: false,
    getCoreRowModel: getCoreRowModel(),
  });
  const status: TableStatus = result.isError ? 'error' : result.isPending ? 'loading' : 'ready';

  return (
    <TableView
      {...DEFAULT_TEXTS}
      {...common}
      table={table}
      status={status}
      refreshing={result.isFetching && !result.isPending}
      onRetry={() => result.refetch()}
      pager={pager}
      pageSize={pageSize}
      onPageSizeChange={setPageSize}
      search={searchBox}
      csv={common.csv && { ...common.csv, rows: fetchAllRows }}
    />
  );
}
