import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@web/api/client';
import { programKey } from './get-program';

const OwnGroup = z.object({ _id: z.string(), name: z.string() });
export type OwnGroup = z.infer<typeof OwnGroup>;

/**
 * GET app/own-group: the facilitator's groups, for a tier's associated group. When there are none
 * (or the call fails) the form offers only 'None' and points to Community.
 */
export async function getOwnGroups(): Promise<OwnGroup[]> {
  try {
    const parsed = z.array(OwnGroup).safeParse(await api.call('app/own-group'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const ownGroupsQueryOptions = () =>
  queryOptions({ queryKey: [...programKey, 'own-groups'] as const, queryFn: getOwnGroups, retry: false });

export const useOwnGroups = () => useQuery(ownGroupsQueryOptions());
