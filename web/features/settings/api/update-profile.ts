import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OwnProfileAnswer, type UpdateProfileRequest } from '@common/profiles/schemas';
import { api } from '@web/api/client';
import { ownProfileKey } from './get-own-profile';

/** POST app/profile (the settings form): the saved account. */
export async function updateProfile(values: UpdateProfileRequest): Promise<OwnProfileAnswer> {
  return OwnProfileAnswer.parse(await api.call('app/profile', values));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(ownProfileKey, saved);
      // my name, picture and bio show elsewhere (the layout reads whoami, /profile its own calls)
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== ownProfileKey[0] });
    },
  });
}
