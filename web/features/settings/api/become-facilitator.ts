import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BecomeFacilitatorRequest, OwnProfileAnswer } from '@common/profiles/schemas';
import { api } from '@web/api/client';
import { whoamiKey } from '@web/features/session/api/get-whoami';
import { ownProfileKey } from './get-own-profile';

/** POST app/me/become-facilitator: my account, now a facilitator's. */
export async function becomeFacilitator(values: BecomeFacilitatorRequest): Promise<OwnProfileAnswer> {
  return OwnProfileAnswer.parse(await api.call('app/me/become-facilitator', values));
}

export function useBecomeFacilitator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: becomeFacilitator,
    onSuccess: async (saved) => {
      queryClient.setQueryData(ownProfileKey, saved);
      // my role changed: whoami is read again before the facilitator's screens check it
      queryClient.removeQueries({ queryKey: whoamiKey });
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== ownProfileKey[0] });
    },
  });
}
