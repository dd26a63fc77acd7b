import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GroupAnswer, type SaveGroupRequest } from '@common/groups/schemas';
import { api } from '@web/api/client';
import { groupDetailsKey, groupDisplayKey, groupListsKey } from './group-keys';

export type SaveGroupInput = { id: 'new' | string; values: SaveGroupRequest };

/** POST app/group/new creates (any signed-in user); POST app/group/{id} edits (owner or admin). */
export async function saveGroup({ id, values }: SaveGroupInput): Promise<GroupAnswer> {
  return GroupAnswer.parse(await api.call(`app/group/${encodeURIComponent(id)}`, values));
}

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroup,
    onSuccess: async (group, { id }) => {
      if (id !== 'new') {
        // The answer is the group as its page shows it: the page updates at once.
        queryClient.setQueryData(groupDisplayKey(group._id), group);
        await queryClient.invalidateQueries({ queryKey: groupDetailsKey(group._id) });
      }
      await queryClient.invalidateQueries({ queryKey: groupListsKey });
    },
  });
}
