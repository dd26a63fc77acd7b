import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import clsx from 'clsx';
import { dialogBackdropStyles, dialogPanelStyles } from './dialog-styles';

type DialogShellProps = {
  open: boolean;
  onClose: () => void;
  className?: string;
  /** 'alertdialog' for a confirmation that interrupts (WAI-ARIA), 'dialog' otherwise. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
};

/**
 * A small centred dialog (a sheet from the bottom on phones): backdrop, panel and transitions.
 * `className` adds to the panel (its width, extra transitions).
 */
export function DialogShell({ open, onClose, className, role = 'dialog', children }: DialogShellProps) {
  return (
    <Dialog open={open} onClose={onClose} role={role} className="relative z-50">
      <DialogBackdrop transition className={dialogBackdropStyles} />
      <div className="fixed inset-0 z-10 flex min-h-full items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel transition className={clsx(dialogPanelStyles, 'p-6', className)}>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
