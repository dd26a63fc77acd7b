import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroupAnswer } from '@common/groups/schemas';
import { api, ApiError } from '@web/api/client';
import { groupDisplayKey } from './group-keys';

/** GET app/group-display-data/{id}: the group with the caller's membership status (404 when missing or hidden). */
export async function getGroupDisplayData(id: string): Promise<GroupAnswer> {
  return GroupAnswer.parse(await api.call(`app/group-display-data/${encodeURIComponent(id)}`));
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const groupDisplayQueryOptions = (id: string) =>
  queryOptions({
    queryKey: groupDisplayKey(id),
    queryFn: () => getGroupDisplayData(id),
    // A missing group stays missing: no point asking again.
    retry: (count, error) => !isNotFound(error) && count < 2,
  });

export const useGroupDisplayData = (id: string) => useQuery(groupDisplayQueryOptions(id));
