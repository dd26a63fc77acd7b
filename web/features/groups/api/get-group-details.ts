import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupDetailsAnswer } from '@common/groups/schemas';
import { api } from '@web/api/client';
import { groupDetailsKey } from './group-keys';

/** GET app/group-details/{id}: the member view's data (approved members, the owner and admins only). */
export async function getGroupDetails(id: string): Promise<GroupDetailsAnswer> {
  return GroupDetailsAnswer.parse(await api.call(`app/group-details/${encodeURIComponent(id)}`));
}

export const groupDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: groupDetailsKey(id), queryFn: () => getGroupDetails(id) });

export const useGroupDetails = (id: string) => useQuery(groupDetailsQueryOptions(id));
