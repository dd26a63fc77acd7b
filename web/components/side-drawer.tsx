import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import clsx from 'clsx';

type SideDrawerProps = {
  open: boolean;
  onClose: (open: boolean) => void;
  /** Classes for the dialog, e.g. 'md:hidden' where a wide screen shows the menu inline. */
  className: string;
  /** Extra classes for the sliding panel, e.g. 'overflow-y-auto'. */
  panelClassName?: string;
  /** Names the dialog when it has no DialogTitle. */
  label?: string;
  children: ReactNode;
};

/** A menu that slides in from the left over a dimmed page (Headless UI Dialog: Escape and a click outside close it). */
export function SideDrawer({ open, onClose, className, panelClassName, label, children }: SideDrawerProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-label={label} className={clsx('relative z-50', className)}>
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-stone-900/40 transition-opacity duration-200 ease-out data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          className={clsx(
            'relative flex w-full max-w-xs flex-col',
            panelClassName,
            'bg-white shadow-xl',
            'transition duration-200 ease-out motion-reduce:transition-none',
            'data-closed:-translate-x-full',
          )}
        >
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
