import { flexRender, type Header } from '@tanstack/react-table';
import clsx from 'clsx';
import { ChevronDownIcon, ChevronUpDownIcon, ChevronUpIcon } from '@heroicons/react/20/solid';
import './column-meta';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** A column header; sortable columns get a button that cycles ascending -> descending -> unsorted. */
export function SortHeader<Row>({ header }: { header: Header<Row, unknown> }) {
  const { column } = header;
  const right = column.columnDef.meta?.align === 'right';
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const className = clsx(
    'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-stone-600 uppercase',
    right ? 'text-right' : 'text-left',
    column.columnDef.meta?.fromSm && 'hidden sm:table-cell',
  );

  if (!column.getCanSort()) {
    return (
      <th scope="col" className={className}>
        {/* the same box as a sort button, so every header sits on one line */}
        <span className="inline-flex items-center align-middle">{content}</span>
      </th>
    );
  }

  const direction = column.getIsSorted();
  const Icon = direction === 'asc' ? ChevronUpIcon : direction === 'desc' ? ChevronDownIcon : ChevronUpDownIcon;
  return (
    <th scope="col" aria-sort={direction ? ariaSort[direction] : 'none'} className={className}>
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        className={clsx(
          'group inline-flex items-center gap-1 rounded-md align-middle uppercase hover:text-stone-900',
          direction && 'text-stone-900',
        )}
      >
        {content}
        <Icon
          className={clsx('size-4', direction ? 'text-brand-700' : 'text-stone-400 group-hover:text-stone-600')}
          aria-hidden="true"
        />
      </button>
    </th>
  );
}
