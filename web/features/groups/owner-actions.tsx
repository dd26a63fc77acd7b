import { useState } from 'react';
import { PencilSquareIcon, ShareIcon } from '@heroicons/react/24/outline';
import { toast } from 'sonner';
import type { GroupAnswer } from '@common/groups/schemas';
import { Button } from '@web/components/button';
import { GroupFormDialog } from './group-form-dialog';
import { ShareGroupDialog } from './share-group-dialog';

/** The owner's 'Share' and 'Edit group' (an edit dialog and a share-link dialog). */
export function OwnerActions({ group }: { group: GroupAnswer }) {
  const [open, setOpen] = useState<'edit' | 'share' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen('share')}>
        <ShareIcon aria-hidden="true" className="size-4" />
        Share
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpen('edit')}>
        <PencilSquareIcon aria-hidden="true" className="size-4" />
        Edit group
      </Button>
      <ShareGroupDialog group={group} open={open === 'share'} onClose={close} />
      <GroupFormDialog
        open={open === 'edit'}
        onClose={close}
        title="Edit group"
        group={group}
        onSaved={() => {
          toast.success('Group saved.');
          close();
        }}
      />
    </>
  );
}
