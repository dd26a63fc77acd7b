import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError, api } from '@web/api/client';
import { buttonStyles } from '@web/components/button-styles';
import { CONFIRM_TEXT, ConfirmDialog } from '@web/components/confirm-dialog';
import { DELETE_BUTTON_SELECTOR, deleteColumn } from './row-actions';

type DeleteRowOptions<Row> = {
  /** 'admin/user/{id}' for the row */
  deletePath: (row: Row) => string;
  /** the list to reload once the row is gone */
  listKey: QueryKey;
  /** names the row for the buttons and the dialog: 'maya@tend.demo' */
  describe: (row: Row) => string;
  /**
   * A way forward when the server refuses the delete with this code: a facilitator with paying
   * subscribers links to them ('View subscribers'), where they can be cancelled.
   */
  refusalLink?: (row: Row, code: string) => { to: string; label: string } | undefined;
};

/**
 * Delete in admin: pick a row, confirm in the dialog, delete, reload the list, close the
 * dialog; Cancel closes it. A refused delete keeps the dialog open with the server's reason
 * ("This facilitator still has paying subscribers…"). Returns the Delete column and the dialog.
 */
export function useDeleteRow<Row>({ deletePath, listKey, describe, refusalLink }: DeleteRowOptions<Row>) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Row | null>(null);
  // Kept apart from the row so the dialog's closing transition still shows whom it was about.
  const [open, setOpen] = useState(false);
  const [wayForward, setWayForward] = useState<{ to: string; label: string }>();
  // WCAG 4.1.3: the row's leaving is said aloud, in a polite live region always on the page
  const [announcement, setAnnouncement] = useState('');
  const deletedText = useRef('');

  // The Delete button goes with its row: after a delete, focus moves to the one that took its
  // place (or the new last row's), not to the top of the page.
  const opener = useRef<{ table: HTMLTableElement | null; index: number; deleted: boolean }>(null);

  const ask = useCallback((row: Row, button: HTMLButtonElement) => {
    const table = button.closest('table');
    const index = table ? [...table.querySelectorAll(DELETE_BUTTON_SELECTOR)].indexOf(button) : -1;
    opener.current = { table, index, deleted: false };
    setWayForward(undefined);
    setAnnouncement('');
    setTarget(row);
    setOpen(true);
  }, []);

  async function confirm() {
    if (!target) return;
    try {
      await api.removeOrThrow(deletePath(target));
    } catch (error) {
      setWayForward(error instanceof ApiError && error.code ? refusalLink?.(target, error.code) : undefined);
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: listKey });
    if (opener.current) opener.current.deleted = true;
    deletedText.current = `Deleted ${describe(target)}`;
  }

  function focusAfterClose() {
    // said once the dialog has gone: while it is open the rest of the page is hidden from assistive tech
    if (deletedText.current) setAnnouncement(deletedText.current);
    deletedText.current = '';
    const { table, index, deleted } = opener.current ?? {};
    if (!deleted || !table?.isConnected || index === undefined) return null;
    const buttons = table.querySelectorAll<HTMLButtonElement>(DELETE_BUTTON_SELECTOR);
    return buttons[Math.min(index, buttons.length - 1)] ?? null;
  }

  // `describe` is expected to be a module-level function, so the column stays the same between renders.
  const column = useMemo(() => deleteColumn({ onDelete: ask, describe }), [ask, describe]);

  const dialog = (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        focusAfterClose={focusAfterClose}
        errorAction={
          wayForward && (
            <Link to={wayForward.to} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
              {wayForward.label}
            </Link>
          )
        }
      >
        <span className="block">{CONFIRM_TEXT}</span>
        {target && <span className="mt-2 block font-medium break-words text-stone-800">{describe(target)}</span>}
      </ConfirmDialog>
    </>
  );

  return { column, dialog };
}
