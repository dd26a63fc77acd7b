import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GroupAnswer, NEXT_CURSOR_HEADER } from '@common/groups/schemas';
import { ApiError, getToken, redirectToLogin } from '@web/api/client';
import { ownedGroupsKey, subjectPath, type ProfileSubject } from './profile-keys';

export type OwnedGroupsPage = { groups: GroupAnswer[]; next: string | null };

/**
 * GET app/facilitator/{id}/groups (own: …/own/groups): groups they own; hidden ones only for the
 * owner (spec 02 §6). A page of groups; the `next-cursor` header asks for the following one.
 */
export async function getOwnedGroups(subject: ProfileSubject, cursor?: string): Promise<OwnedGroupsPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  // the api client answers the body only; this list reads its paging header too
  const res = await fetch(`/api/${subjectPath(subject)}/groups${query}`, {
    headers: { Authorization: `Bearer ${getToken() ?? ''}`, 'Content-Type': 'application/json' },
  });
  if (res.status === 401) {
    redirectToLogin();
    return { groups: [], next: null };
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (res.status !== 200) throw new ApiError(res.status, res.statusText, body);
  return { groups: z.array(GroupAnswer).parse(body), next: res.headers.get(NEXT_CURSOR_HEADER) };
}

export const ownedGroupsQueryOptions = (subject: ProfileSubject) =>
  infiniteQueryOptions({
    queryKey: ownedGroupsKey(subject),
    queryFn: ({ pageParam }) => getOwnedGroups(subject, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: OwnedGroupsPage) => last.next ?? undefined,
  });

const flatten = (data: InfiniteData<OwnedGroupsPage>) => data.pages.flatMap((page) => page.groups);

/** Pages load on 'Load more'. */
export const useOwnedGroups = (subject: ProfileSubject) =>
  useInfiniteQuery({ ...ownedGroupsQueryOptions(subject), select: flatten });
