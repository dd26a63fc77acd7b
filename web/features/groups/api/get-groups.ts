import { type InfiniteData, infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GroupAnswer } from '@common/groups/schemas';
import { callPage } from '@web/api/client';
import { groupListKey, type GroupTab } from './group-keys';

export type GroupsPage = { groups: GroupAnswer[]; next: string | null };

/**
 * GET app/group?tab=explore|mine&search=…&cursor=…: Explore lists visible groups the user neither owns nor
 * belongs to, filtered on the server by `search`; My Groups lists owned and joined groups. A page
 * of groups; the `next-cursor` header asks for the following one (absent at the end).
 */
export async function getGroups(tab: GroupTab, search = '', cursor?: string): Promise<GroupsPage> {
  const query = new URLSearchParams({ tab });
  if (tab === 'explore' && search.trim()) query.set('search', search.trim());
  const page = await callPage(`app/group?${query.toString()}`, cursor);
  return { groups: page.body === undefined ? [] : z.array(GroupAnswer).parse(page.body), next: page.next };
}

export const groupsQueryOptions = (tab: GroupTab, search = '') => {
  const text = tab === 'explore' ? search.trim() : '';
  return infiniteQueryOptions({
    queryKey: groupListKey(tab, text),
    queryFn: ({ pageParam }) => getGroups(tab, text, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: GroupsPage) => last.next ?? undefined,
  });
};

const flatten = (data: InfiniteData<GroupsPage>) => data.pages.flatMap((page) => page.groups);

/** While a new search runs, the previous results stay on screen instead of a skeleton. Pages load on 'Load more'. */
export const useGroups = (tab: GroupTab, search = '') =>
  useInfiniteQuery({ ...groupsQueryOptions(tab, search), placeholderData: keepPreviousData, select: flatten });
