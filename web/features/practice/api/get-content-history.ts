import { queryOptions, useQuery } from '@tanstack/react-query';
import { HistoryAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { practiceKeys } from './practice-keys';

/** GET app/content-history (spec 02 §7): everything released to the member, and all their engagement. */
export async function getContentHistory(): Promise<HistoryAnswer> {
  return HistoryAnswer.parse(await api.call('app/content-history'));
}

export const contentHistoryQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.history, queryFn: getContentHistory });

export const useContentHistory = () => useQuery(contentHistoryQueryOptions());
