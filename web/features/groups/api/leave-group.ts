import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { groupDetailsKey, groupDisplayKey, groupListsKey } from './group-keys';

export const LEAVE_FAILED = 'We could not take you out of this group. Please try again.';

/** DELETE app/leave-group/{id}; the owner cannot leave (the page offers no Leave to them). */
export async function leaveGroup(id: string): Promise<void> {
  if (!(await api.remove(`app/leave-group/${encodeURIComponent(id)}`))) throw new Error(LEAVE_FAILED);
}

export function useLeaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveGroup,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: groupDetailsKey(id) });
      queryClient.removeQueries({ queryKey: groupDisplayKey(id) });
      await queryClient.invalidateQueries({ queryKey: groupListsKey });
    },
  });
}
