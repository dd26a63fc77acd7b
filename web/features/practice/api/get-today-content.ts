import { queryOptions, useQuery } from '@tanstack/react-query';
import { TodayAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { practiceKeys } from './practice-keys';

/** GET app/content: today's practices and the member's engagement with them. */
export async function getTodayContent(): Promise<TodayAnswer> {
  return TodayAnswer.parse(await api.call('app/content'));
}

export const todayContentQueryOptions = () => queryOptions({ queryKey: practiceKeys.today, queryFn: getTodayContent });

export const useTodayContent = () => useQuery(todayContentQueryOptions());
