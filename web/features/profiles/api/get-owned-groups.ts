import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GroupAnswer } from '@common/groups/schemas';
import { api } from '@web/api/client';
import { ownedGroupsKey, subjectPath, type ProfileSubject } from './profile-keys';

export type OwnedGroupsPage = { groups: GroupAnswer[]; next: string | null };

/**
 * GET app/facilitator/{id}/groups (own: …/own/groups): groups they own; hidden ones only for the
 * owner. A page of groups; the `next-cursor` header asks for the following one.
 */
export async function getOwnedGroups(subject: ProfileSubject, cursor?: string): Promise<OwnedGroupsPage> {
  const page = await api.callPage(`${subjectPath(subject)}/groups`, cursor);
  return { groups: z.array(GroupAnswer).parse(page.body ?? []), next: page.next };
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
