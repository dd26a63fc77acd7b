import type { GroupAnswer } from '@common/groups/schemas';
import { ModalFrame } from '@web/components/modal-frame';
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
    <ModalFrame open={open} onClose={onClose} title={title} size="lg">
      {/* The dialog unmounts its content when closed, so each opening starts from the group as it is now. */}
      <GroupForm group={group} onSaved={onSaved} onCancel={onClose} />
    </ModalFrame>
  );
}
