import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import type { GroupAnswer } from '@common/groups/schemas';
import { GroupForm } from './group-form';

type GroupFormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The group to edit; none adds a new community. */
  group?: GroupAnswer;
  onSaved: (group: GroupAnswer) => void;
};

/** The group form in a modal: 'Add new community' on /community, 'Edit group' on the group page. */
export function GroupFormDialog({ open, onClose, title, group, onSaved }: GroupFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-stone-900/40 transition-opacity duration-200 ease-out data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 z-10 overflow-y-auto">
        <div className="flex min-h-full items-start justify-center p-2 sm:items-center sm:p-6">
          <DialogPanel
            transition
            className="w-full max-w-2xl rounded-2xl bg-white shadow-xl ring-1 ring-stone-200 transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 motion-reduce:transition-none"
          >
            <div className="flex items-center justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
              <DialogTitle className="text-lg font-semibold text-stone-900">{title}</DialogTitle>
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-m-2 rounded-lg p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
              >
                <XMarkIcon aria-hidden="true" className="size-5" />
              </button>
            </div>
            <div className="px-5 py-5 sm:px-6">
              {/* The dialog unmounts its content when closed, so each opening starts from the group as it is now. */}
              <GroupForm group={group} onSaved={onSaved} onCancel={onClose} />
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
