import { useEffect, useRef, type MouseEvent } from 'react';
import { flexRender, type Table } from '@tanstack/react-table';
import clsx from 'clsx';
import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { Button } from '../button';
import { LoadFailed } from '../state-panels';
import './column-meta';
import { exportCsv, type CsvExport } from './export-csv';
import { Pagination, type Pager } from './pagination';
import { TableSearchField } from './search-field';
import { SortHeader } from './sort-header';

export type TableStatus = 'loading' | 'error' | 'ready';

export type TableViewProps<Row> = {
  table: Table<Row>;
  label: string;
  status: TableStatus;
  /** A newer page is on its way while the last one stays on screen. */
  refreshing: boolean;
  loadErrorText: string;
  onRetry: () => unknown;
  pager: Pager;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  /** The search box's text and the search in force; no box when absent. */
  search?: { text: string; onChange: (text: string) => void; applied: string };
  csv?: CsvExport & { rows: () => Row[] | Promise<Row[]> };
  emptyText: string;
  noMatchesText: string;
  onRowClick?: (row: Row) => void;
};

const SKELETON_ROWS = 5;

/** Clicks on the row's own controls (Edit, Delete, a link in a cell) are theirs, not the row's. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';

/** What every DataTable draws, whichever side sorts and pages its rows. */
export function TableView<Row>(props: TableViewProps<Row>) {
  const { table, label, status, refreshing, search, csv, onRowClick } = props;
  const columns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  const { pager, focusTarget } = useFocusAfterPageTurn(props.pager, status === 'ready' && !refreshing, rows);

  function rowClicked(event: MouseEvent<HTMLTableRowElement>, row: Row) {
    if ((event.target as Element).closest(INTERACTIVE)) return;
    // selecting text in a cell is not a click on the row
    if (window.getSelection()?.toString()) return;
    onRowClick?.(row);
  }

  const exportRows = async () => {
    if (!csv) return;
    exportCsv(table.getAllLeafColumns(), await csv.rows(), csv);
  };

  return (
    <div className="space-y-4">
      {(search || csv) && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {search ? (
            <TableSearchField label={`Search ${label}`} value={search.text} onChange={search.onChange} />
          ) : (
            <span />
          )}
          {csv && (
            <Button variant="secondary" onClick={exportRows} disabled={status !== 'ready'}>
              <ArrowDownTrayIcon className="-ml-0.5 size-5" aria-hidden="true" />
              Export to CSV
            </Button>
          )}
        </div>
      )}

      {status === 'error' ? (
        <LoadFailed message={props.loadErrorText} onRetry={props.onRetry} />
      ) : (
        <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
          {status === 'loading' && (
            <span role="status" className="sr-only">
              Loading {label}…
            </span>
          )}
          <div className="overflow-x-auto">
            <table
              ref={focusTarget.table}
              tabIndex={-1}
              aria-busy={status === 'loading' || refreshing}
              className="min-w-full divide-y divide-stone-200 text-sm"
            >
              <caption className="sr-only">{label}</caption>
              <thead className="bg-stone-50">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <SortHeader key={header.id} header={header} />
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody
                ref={focusTarget.body}
                className={clsx('divide-y divide-stone-100', refreshing && 'opacity-60 transition-opacity')}
              >
                {status === 'loading'
                  ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                      <tr key={index} aria-hidden="true">
                        {columns.map((column) => (
                          <td
                            key={column.id}
                            className={clsx('px-4 py-4', column.columnDef.meta?.fromSm && 'hidden sm:table-cell')}
                          >
                            <div
                              className={clsx(
                                'h-4 w-full max-w-32 rounded bg-stone-200/70',
                                'animate-pulse motion-reduce:animate-none',
                              )}
                            />
                          </td>
                        ))}
                      </tr>
                    ))
                  : rows.map((row, index) => (
                      <tr
                        key={row.id}
                        // the first row is where Next and Previous move focus
                        tabIndex={index === 0 ? -1 : undefined}
                        onClick={onRowClick ? (event) => rowClicked(event, row.original) : undefined}
                        className={clsx(onRowClick && 'cursor-pointer hover:bg-stone-50')}
                      >
                        {row.getVisibleCells().map((cell) => (
                          <td
                            key={cell.id}
                            className={clsx(
                              'px-4 py-3 align-middle text-stone-800',
                              cell.column.columnDef.meta?.align === 'right' && 'text-right tabular-nums',
                              cell.column.columnDef.meta?.fromSm && 'hidden sm:table-cell',
                            )}
                          >
                            {flexRender(cell.column.columnDef.cell, cell.getContext())}
                          </td>
                        ))}
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
          {/* outside the scrolling table, so a phone shows the sentence whole */}
          {status === 'ready' && rows.length === 0 && (
            <p className="px-4 py-10 text-center text-sm text-stone-600">
              {search?.applied ? props.noMatchesText : props.emptyText}
            </p>
          )}
          <Pagination label={label} pager={pager} pageSize={props.pageSize} onPageSizeChange={props.onPageSizeChange} />
        </div>
      )}
    </div>
  );
}

/**
 * Next and Previous are disabled while their page loads, which dropped focus to <body> (WCAG
 * 2.4.3): once the new page is on screen, focus moves to its first row (the table when empty).
 */
function useFocusAfterPageTurn(given: Pager, settled: boolean, rows: unknown) {
  const turning = useRef(false);
  const table = useRef<HTMLTableElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new page's rows (or number) are the trigger
  useEffect(() => {
    if (!turning.current || !settled) return;
    turning.current = false;
    (body.current?.rows[0] ?? table.current)?.focus();
  }, [settled, rows, given.pageNumber]);
  const turn = (move: () => unknown) => () => {
    turning.current = true;
    return move();
  };
  const pager: Pager = { ...given, next: turn(given.next), previous: turn(given.previous) };
  return { pager, focusTarget: { table, body } };
}
