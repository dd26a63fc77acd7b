import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';

/** Every query of this feature sits under this key, so one invalidation refreshes them all. */
export const programKey = ['program'] as const;
export const programAppKey = [...programKey, 'app'] as const;

/** GET app: for a facilitator, all own tiers and all own content. */
export async function getProgram(): Promise<AppAnswer> {
  return AppAnswer.parse(await api.call('app'));
}

export const programQueryOptions = () => queryOptions({ queryKey: programAppKey, queryFn: getProgram });

export const useProgram = () => useQuery(programQueryOptions());
