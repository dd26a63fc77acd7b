import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { ArrowsPointingInIcon } from '@heroicons/react/24/outline';
import { Button } from '../button';
import clsx from 'clsx';

type ExpandedPreviewProps = { open: boolean; onClose: () => void; title: string; children: ReactNode };

/**
 * An upload's preview at its expanded size (1000 px high), across the whole window: a landscape
 * video is held by the form's width, not its height, so only a wider frame shows it bigger.
 */
export function ExpandedPreview({ open, onClose, title, children }: ExpandedPreviewProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className={clsx(
          'fixed inset-0 bg-stone-950/80',
          'transition-opacity duration-200 motion-reduce:transition-none',
          'data-closed:opacity-0',
        )}
      />
      <div className="fixed inset-0 overflow-y-auto p-2 sm:p-6">
        <DialogPanel className="mx-auto w-full max-w-[1600px] rounded-2xl bg-white p-3 shadow-xl sm:p-4">
          <div className="mb-3 flex items-center justify-between gap-3">
            <DialogTitle className="min-w-0 truncate text-base font-semibold text-stone-900">{title}</DialogTitle>
            <Button variant="secondary" size="sm" onClick={onClose} data-autofocus>
              <ArrowsPointingInIcon aria-hidden="true" className="size-4" />
              Collapse
            </Button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
