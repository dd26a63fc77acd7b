import { useId } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import { PAGE_SIZES } from '@common/admin/schemas';
import { Button } from '../button';
import clsx from 'clsx';

/** Where a table is in its pages, and the way to the next and previous ones. */
export type Pager = {
  /** 1-based */
  pageNumber: number;
  /** at least 1, also for an empty table */
  pageCount: number;
  canPrevious: boolean;
  canNext: boolean;
  previous: () => unknown;
  next: () => unknown;
};

type PaginationProps = {
  /** The table's name, to tell this pager apart from others on the page. */
  label: string;
  pager: Pager;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
};

/** Generic data table: Previous and Next, 'Page N of M', page sizes 10–50. */
export function Pagination({ label, pager, pageSize, onPageSizeChange }: PaginationProps) {
  const sizeId = useId();
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-t border-stone-200 px-4 py-3"
    >
      <div className="flex items-center gap-2 text-sm text-stone-700">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className={clsx(
            'min-h-9 py-1.5 pr-8 pl-3',
            'rounded-lg border border-stone-500 bg-white text-sm text-stone-900',
            'focus:border-brand-700 focus:ring-1 focus:ring-brand-700 focus:ring-inset',
          )}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-stone-700 tabular-nums" aria-live="polite">
          Page {pager.pageNumber} of {pager.pageCount}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={pager.previous} disabled={!pager.canPrevious}>
            <ChevronLeftIcon className="-ml-1 size-5" aria-hidden="true" />
            Previous
          </Button>
          <Button variant="secondary" size="sm" onClick={pager.next} disabled={!pager.canNext}>
            Next
            <ChevronRightIcon className="-mr-1 size-5" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
