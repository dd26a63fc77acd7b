import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminFacilitatorAnswer,
  AdminFacilitatorPage,
  AdminGroupAnswer,
  AdminGroupRow,
  AdminPostPage,
  AdminTagAnswer,
  AdminTierRow,
  AdminUserPage,
  AuditEntryAnswer,
  type AdminFacilitatorRow,
  type AdminPostRow,
  type AdminUserRow,
  type ServerListQuery,
  type ServerPage,
} from '@common/admin/schemas';
import { api } from '@web/api/client';
import { serverListPath } from '@web/components/data-table';

// Admin calls: what the admin list screens read. Their answers are parsed with the
// common/ schemas; every key starts with 'admin', so a saved admin form marks the lists stale too.

const id = (value: string) => encodeURIComponent(value);

export const adminListKeys = {
  users: ['admin', 'lists', 'users'],
  facilitators: ['admin', 'lists', 'facilitators'],
  facilitator: (facilitatorId: string) => ['admin', 'lists', 'facilitator', facilitatorId],
  tiers: (facilitatorId: string) => ['admin', 'lists', 'facilitator', facilitatorId, 'tiers'],
  groups: ['admin', 'lists', 'groups'],
  group: (groupId: string) => ['admin', 'lists', 'group', groupId],
  posts: (groupId: string) => ['admin', 'lists', 'group', groupId, 'posts'],
  tags: ['admin', 'lists', 'tags'],
  audit: ['admin', 'lists', 'audit'],
} as const;

/** The audit log screen loads this many entries at a time (the most the call answers). */
export const AUDIT_LOG_SIZE = 200;

// ---- server-paged lists (keyset pages) --------------------------------------------------------

/** GET admin/user?limit=&sort=&dir=&after|before= */
export const fetchUsersPage = async (query: ServerListQuery): Promise<ServerPage<AdminUserRow>> =>
  AdminUserPage.parse(await api.call(serverListPath('admin/user', query)));

/** GET admin/facilitator?…&search= */
export const fetchFacilitatorsPage = async (query: ServerListQuery): Promise<ServerPage<AdminFacilitatorRow>> =>
  AdminFacilitatorPage.parse(await api.call(serverListPath('admin/facilitator', query)));

/** GET admin/group/{id}/posts?…&sort=postedDate|hits|hearts|comments&search= */
export const fetchGroupPostsPage =
  (groupId: string) =>
  async (query: ServerListQuery): Promise<ServerPage<AdminPostRow>> =>
    AdminPostPage.parse(await api.call(serverListPath(`admin/group/${id(groupId)}/posts`, query)));

// ---- whole lists, sorted and searched in the browser --------------------------------------------

// Admin lists change under other admins' hands: each visit asks again (staleTime 0).
const fresh = { staleTime: 0 } as const;

export const tagsQuery = () =>
  queryOptions({
    queryKey: adminListKeys.tags,
    queryFn: async () => z.array(AdminTagAnswer).parse(await api.call('admin/tag')),
    ...fresh,
  });

export const groupsQuery = () =>
  queryOptions({
    queryKey: adminListKeys.groups,
    queryFn: async () => z.array(AdminGroupRow).parse(await api.call('admin/group')),
    ...fresh,
  });

export const tiersQuery = (facilitatorId: string) =>
  queryOptions({
    queryKey: adminListKeys.tiers(facilitatorId),
    queryFn: async () => z.array(AdminTierRow).parse(await api.call(`admin/facilitator/${id(facilitatorId)}/tiers`)),
    ...fresh,
  });

/** The audit log, newest first, AUDIT_LOG_SIZE entries a page; the next-cursor header asks for the older page. */
export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: adminListKeys.audit,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const { body, next } = await api.callPage(`admin/audit?limit=${AUDIT_LOG_SIZE}`, pageParam);
      return { entries: z.array(AuditEntryAnswer).parse(body ?? []), next };
    },
    getNextPageParam: (last) => last.next,
    ...fresh,
  });

// ---- the owners named in the headings ('Maya's Tiers', 'Morning Circle's Posts') ----------------

export const facilitatorQuery = (facilitatorId: string) =>
  queryOptions({
    queryKey: adminListKeys.facilitator(facilitatorId),
    queryFn: async () => AdminFacilitatorAnswer.parse(await api.call(`admin/facilitator/${id(facilitatorId)}`)),
  });

export const groupQuery = (groupId: string) =>
  queryOptions({
    queryKey: adminListKeys.group(groupId),
    queryFn: async () => AdminGroupAnswer.parse(await api.call(`admin/group/${id(groupId)}`)),
  });

export const useTags = () => useQuery(tagsQuery());
export const useGroups = () => useQuery(groupsQuery());
export const useTiers = (facilitatorId: string) => useQuery(tiersQuery(facilitatorId));
export const useAuditLog = () => useInfiniteQuery(auditQuery());
export const useFacilitator = (facilitatorId: string) => useQuery(facilitatorQuery(facilitatorId));
export const useGroup = (groupId: string) => useQuery(groupQuery(groupId));
