import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import clsx from 'clsx';
import { dialogBackdropStyles, dialogPanelStyles } from './dialog-styles';

type ModalFrameProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Under the title, e.g. who it is with. */
  subtitle?: ReactNode;
  size?: 'md' | 'lg';
  children: ReactNode;
};

/** The app's modal: backdrop, titled panel with a Close button, content that unmounts when closed (Headless UI). */
export function ModalFrame({ open, onClose, title, subtitle, size = 'md', children }: ModalFrameProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className={dialogBackdropStyles} />
      <div className="fixed inset-0 z-10 overflow-y-auto">
        <div className="flex min-h-full items-start justify-center p-2 sm:items-center sm:p-6">
          <DialogPanel transition className={clsx(dialogPanelStyles, size === 'lg' ? 'max-w-2xl' : 'max-w-lg')}>
            <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
              <div className="min-w-0">
                <DialogTitle className="text-lg font-semibold break-words text-stone-900">{title}</DialogTitle>
                {subtitle && <div className="mt-0.5 text-sm text-stone-600">{subtitle}</div>}
              </div>
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-m-2 rounded-lg p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
              >
                <XMarkIcon aria-hidden="true" className="size-5" />
              </button>
            </div>
            <div className="px-5 py-5 sm:px-6">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
