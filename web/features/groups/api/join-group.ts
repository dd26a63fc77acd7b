import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MembershipAnswer, type GroupAnswer } from '@common/groups/schemas';
import { api } from '@web/api/client';
import { groupDisplayKey, groupListsKey } from './group-keys';

/**
 * POST app/join-group/{id} {text}: 'approved' at once for open groups, 'pending' for private ones.
 * 409 'This group is currently full.'; 403 when an earlier request was declined.
 */
export async function joinGroup({ id, text }: { id: string; text: string }): Promise<MembershipAnswer> {
  return MembershipAnswer.parse(await api.call(`app/join-group/${encodeURIComponent(id)}`, { text }));
}

export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: async (membership, { id }) => {
      // The page switches view from the status alone; the refetch then brings the new count.
      queryClient.setQueryData<GroupAnswer>(
        groupDisplayKey(id),
        (group) => group && { ...group, membershipStatus: membership.status },
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupDisplayKey(id) }),
        queryClient.invalidateQueries({ queryKey: groupListsKey }),
      ]);
    },
  });
}
