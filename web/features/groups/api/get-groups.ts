import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GroupAnswer } from '@common/groups/schemas';
import { api } from '@web/api/client';
import { groupListKey, type GroupTab } from './group-keys';

/**
 * GET app/group?tab=explore|mine&search=…: Explore lists visible groups the user neither owns nor
 * belongs to, filtered on the server by `search`; My Groups lists owned and joined groups.
 */
export async function getGroups(tab: GroupTab, search = ''): Promise<GroupAnswer[]> {
  const query = new URLSearchParams({ tab });
  if (tab === 'explore' && search.trim()) query.set('search', search.trim());
  return z.array(GroupAnswer).parse(await api.call(`app/group?${query.toString()}`));
}

export const groupsQueryOptions = (tab: GroupTab, search = '') => {
  const text = tab === 'explore' ? search.trim() : '';
  return queryOptions({ queryKey: groupListKey(tab, text), queryFn: () => getGroups(tab, text) });
};

/** While a new search runs, the previous results stay on screen instead of a skeleton. */
export const useGroups = (tab: GroupTab, search = '') =>
  useQuery({ ...groupsQueryOptions(tab, search), placeholderData: keepPreviousData });
