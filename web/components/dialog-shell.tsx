import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import clsx from 'clsx';

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
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-stone-900/40 transition-opacity duration-200 ease-out data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 z-10 flex min-h-full items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel
          transition
          className={clsx(
            'w-full rounded-2xl bg-white p-6 shadow-xl ring-1 ring-stone-200 transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 motion-reduce:transition-none',
            className,
          )}
        >
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
