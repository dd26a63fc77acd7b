import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRightStartOnRectangleIcon } from '@heroicons/react/24/outline';
import { toast } from 'sonner';
import type { GroupAnswer } from '@common/groups/schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useLeaveGroup } from './api/leave-group';

/** 'Leave group' (never for the owner): confirmed, then back to /community. */
export function LeaveGroupButton({ group }: { group: GroupAnswer }) {
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveGroup();
  const navigate = useNavigate();

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        <ArrowRightStartOnRectangleIcon aria-hidden="true" className="size-4" />
        Leave group
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Leave ${group.name}?`}
        confirmLabel="Leave group"
        onConfirm={async () => {
          await leave.mutateAsync(group._id);
          toast.success(`You left ${group.name}.`);
          navigate('/community');
        }}
      >
        {group.isPrivate
          ? 'You will no longer see its discussion. To come back, you would ask the host again.'
          : 'You will no longer see its discussion. You can join again at any time.'}
      </ConfirmDialog>
    </>
  );
}
