import { queryOptions, useQuery } from '@tanstack/react-query';
import { OwnProfileAnswer } from '@common/profiles/schemas';
import { api } from '@web/api/client';

export const ownProfileKey = ['settings', 'own-profile'] as const;

/** GET app/profile: my account as the settings screen shows it. */
export async function getOwnProfile(): Promise<OwnProfileAnswer> {
  return OwnProfileAnswer.parse(await api.call('app/profile'));
}

export const ownProfileQueryOptions = () =>
  queryOptions({ queryKey: ownProfileKey, queryFn: getOwnProfile, refetchOnMount: 'always' });

export const useOwnProfile = () => useQuery(ownProfileQueryOptions());
