import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MembersAnswer, MEMBERS_PAGE_SIZE } from '@common/payments/money-schemas';
import { api } from '@web/api/client';
import { earningsKey } from './get-revenue';

/** GET app/facilitator/members?tierId=&cursor=&limit=: one keyset page, newest start first. */
export async function getMembers(tierId: string | null, cursor: string | null): Promise<MembersAnswer> {
  const query = new URLSearchParams({ limit: String(MEMBERS_PAGE_SIZE) });
  if (tierId) query.set('tierId', tierId);
  if (cursor) query.set('cursor', cursor);
  return MembersAnswer.parse(await api.call(`app/facilitator/members?${query.toString()}`));
}

export const membersQueryOptions = (tierId: string | null) =>
  infiniteQueryOptions({
    queryKey: [...earningsKey, 'members', tierId ?? 'all'],
    queryFn: ({ pageParam }) => getMembers(tierId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export const useMembers = (tierId: string | null) => useInfiniteQuery(membersQueryOptions(tierId));
