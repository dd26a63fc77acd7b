import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateRequestRequest } from '@common/groups/schemas';
import type { z } from 'zod';
import { api } from '@web/api/client';
import type { MembershipRequest } from './get-membership-requests';
import { groupDetailsKey, groupDisplayKey, membershipRequestsKey } from './group-keys';
import { MembershipAnswer } from '@common/groups/schemas';

type Decision = z.infer<typeof UpdateRequestRequest>['status'];
export type UpdateRequestInput = { groupId: string; requestId: string; status: Decision };

/**
 * POST app/update-request/{requestId} {status}: pending -> approved | rejected;
 * approved -> rejected (Remove).
 */
export async function updateRequest({ requestId, status }: UpdateRequestInput) {
  return MembershipAnswer.parse(await api.call(`app/update-request/${encodeURIComponent(requestId)}`, { status }));
}

export function useUpdateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRequest,
    onSuccess: async (answer, { groupId, requestId }) => {
      queryClient.setQueryData<MembershipRequest[]>(membershipRequestsKey(groupId), (requests) =>
        requests?.map((request) => (request._id === requestId ? { ...request, status: answer.status } : request)),
      );
      // The member count and the members preview change with each decision.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupDetailsKey(groupId) }),
        queryClient.invalidateQueries({ queryKey: groupDisplayKey(groupId) }),
      ]);
    },
  });
}
