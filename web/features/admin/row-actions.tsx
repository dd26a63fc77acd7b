import { Link } from 'react-router';
import { PencilSquareIcon, TrashIcon } from '@heroicons/react/20/solid';
import type { DataTableColumn } from '@web/components/data-table';

const actionClass = 'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold whitespace-nowrap';

/** The Edit column, a link to the row's manage screen; named after the row for screen readers. */
export function editColumn<Row>({
  to,
  describe,
}: {
  to: (row: Row) => string;
  describe: (row: Row) => string;
}): DataTableColumn<Row> {
  return {
    id: 'edit',
    header: 'Edit',
    enableSorting: false,
    cell: ({ row }) => (
      <Link
        to={to(row.original)}
        aria-label={`Edit ${describe(row.original)}`}
        className={`${actionClass} -ml-2 text-brand-700 hover:bg-brand-50 hover:text-brand-800`}
      >
        <PencilSquareIcon className="size-4" aria-hidden="true" />
        Edit
      </Link>
    ),
  };
}

/** Each row's Delete button (`data-row-delete`), so focus can go to a neighbour's once a row is gone. */
export const DELETE_BUTTON_SELECTOR = '[data-row-delete]';

/** The Delete column; the button asks for confirmation through `onDelete`. */
export function deleteColumn<Row>({
  onDelete,
  describe,
}: {
  onDelete: (row: Row, button: HTMLButtonElement) => void;
  describe: (row: Row) => string;
}): DataTableColumn<Row> {
  return {
    id: 'delete',
    header: 'Delete',
    enableSorting: false,
    cell: ({ row }) => (
      <button
        type="button"
        data-row-delete=""
        onClick={(event) => onDelete(row.original, event.currentTarget)}
        aria-label={`Delete ${describe(row.original)}`}
        className={`${actionClass} -ml-2 text-red-700 hover:bg-red-50 hover:text-red-800`}
      >
        <TrashIcon className="size-4" aria-hidden="true" />
        Delete
      </button>
    ),
  };
}
