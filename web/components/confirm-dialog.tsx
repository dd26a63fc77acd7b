import { useEffect, useRef, useState, type ReactNode } from 'react';
import { DialogTitle, Description } from '@headlessui/react';
import { DialogShell } from './dialog-shell';
import { FocusAfterClose } from './focus-after-close';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { Button } from './button';
import { formErrorText } from './form/error-text';

// The generic confirmation dialog's texts, word for word as the product shows them.
export const CONFIRM_TITLE = 'Are You Sure?';
export const CONFIRM_TEXT = 'This action cannot be undone';

export type ConfirmDialogProps = {
  open: boolean;
  /** Cancel, Escape and the backdrop call this; so does a confirm that succeeded. */
  onClose: () => void;
  /** May return a promise: Confirm shows a spinner and the dialog stays open until it settles. */
  onConfirm: () => unknown;
  title?: ReactNode;
  /** Replaces 'This action cannot be undone'. */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive actions (the default) get a red Confirm. */
  tone?: 'danger' | 'primary';
  /**
   * Where focus goes once the dialog has closed, when the button that opened it went with the
   * thing it deleted (a table row); nothing keeps Headless UI's return to that button.
   */
  focusAfterClose?: () => HTMLElement | null | undefined;
  /** A way forward shown under a failure's message (a refused delete links to what holds it back). */
  errorAction?: ReactNode;
};

/**
 * Confirm -> act -> close; Cancel closes. A failed action keeps the dialog open and
 * shows why, so the user can retry or cancel.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title = CONFIRM_TITLE,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'danger',
  focusAfterClose,
  errorAction,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Each opening starts clean.
  useEffect(() => {
    if (open) setError(undefined);
  }, [open]);

  // Focus starts on Cancel (data-autofocus): Enter must not confirm a destructive action by accident.
  // While the action runs, Escape and the backdrop must not hide its outcome.
  const close = () => {
    if (!pending) onClose();
  };

  async function confirm() {
    setPending(true);
    setError(undefined);
    try {
      await onConfirm();
      if (mounted.current) onClose();
    } catch (failure) {
      if (mounted.current) setError(formErrorText(failure));
    } finally {
      if (mounted.current) setPending(false);
    }
  }

  return (
    <DialogShell
      open={open}
      onClose={close}
      // an interrupting confirmation; its Description names the dialog's aria-describedby
      role="alertdialog"
      className="max-w-md sm:data-closed:translate-y-0 sm:data-closed:scale-95"
    >
      {focusAfterClose && <FocusAfterClose target={focusAfterClose} />}
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className={
            tone === 'danger'
              ? 'flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700'
              : 'flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700'
          }
        >
          <ExclamationTriangleIcon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <DialogTitle className="text-lg font-semibold text-stone-900">{title}</DialogTitle>
          <Description as="div" className="mt-2 text-sm text-stone-600">
            {children ?? CONFIRM_TEXT}
          </Description>
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          {error && errorAction && <div className="mt-3">{errorAction}</div>}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button data-autofocus variant="secondary" onClick={close} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={() => void confirm()} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </DialogShell>
  );
}
