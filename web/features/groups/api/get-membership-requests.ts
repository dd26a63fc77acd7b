import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MembershipRequestAnswer } from '@common/groups/schemas';
import { api } from '@web/api/client';
import { membershipRequestsKey } from './group-keys';

export type MembershipRequest = z.infer<typeof MembershipRequestAnswer>;

/** GET app/membership-requests/{id}: every request and membership of the group, oldest first (owner or admin). */
export async function getMembershipRequests(id: string): Promise<MembershipRequest[]> {
  return z.array(MembershipRequestAnswer).parse(await api.call(`app/membership-requests/${encodeURIComponent(id)}`));
}

export const membershipRequestsQueryOptions = (id: string) =>
  queryOptions({ queryKey: membershipRequestsKey(id), queryFn: () => getMembershipRequests(id) });

export const useMembershipRequests = (id: string) => useQuery(membershipRequestsQueryOptions(id));
