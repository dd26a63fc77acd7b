import { useCallback, useMemo, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { CONFIRM_TEXT, ConfirmDialog } from '@web/components/confirm-dialog';
import { deleteColumn } from './row-actions';

type DeleteRowOptions<Row> = {
  /** 'admin/user/{id}' for the row */
  deletePath: (row: Row) => string;
  /** the list to reload once the row is gone */
  listKey: QueryKey;
  /** names the row for the buttons and the dialog: 'maya@tend.demo' */
  describe: (row: Row) => string;
};

/**
 * spec 01 §4 Delete in admin: pick a row, confirm in the dialog, delete, reload the list, close the
 * dialog; Cancel closes it. A refused delete keeps the dialog open with the server's reason
 * ("This facilitator still has paying subscribers…"). Returns the Delete column and the dialog.
 */
export function useDeleteRow<Row>({ deletePath, listKey, describe }: DeleteRowOptions<Row>) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Row | null>(null);
  // Kept apart from the row so the dialog's closing transition still shows whom it was about.
  const [open, setOpen] = useState(false);

  const ask = useCallback((row: Row) => {
    setTarget(row);
    setOpen(true);
  }, []);

  async function confirm() {
    if (!target) return;
    await api.removeOrThrow(deletePath(target));
    await queryClient.invalidateQueries({ queryKey: listKey });
  }

  // `describe` is expected to be a module-level function, so the column stays the same between renders.
  const column = useMemo(() => deleteColumn({ onDelete: ask, describe }), [ask, describe]);

  const dialog = (
    <ConfirmDialog open={open} onClose={() => setOpen(false)} onConfirm={confirm}>
      <span className="block">{CONFIRM_TEXT}</span>
      {target && <span className="mt-2 block font-medium break-words text-stone-800">{describe(target)}</span>}
    </ConfirmDialog>
  );

  return { column, dialog };
}
