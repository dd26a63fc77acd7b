import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groups, groupTags, memberships, tags, users } from '../../db/schema';
import { nextPage, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { anyContainsText, containsText } from '../../platform/text-search';
import { type GroupRow, presentGroup } from './presenter';

const approvedCount = sql<number>`(select count(*)::int from ${memberships} m
  where m.group_id = ${groups.id} and m.status = 'approved')`;

const groupColumns = (viewerId: string) => ({
  group: groups,
  owner: { id: users.id, name: users.name, profilePicture: users.profilePicture },
  members: approvedCount,
  tags: sql<
    string[]
  >`coalesce((select array_agg(gt.tag_id::text) from group_tags gt where gt.group_id = ${groups.id}), '{}')`,
  mine: sql<
    string | null
  >`(select m.status from ${memberships} m where m.group_id = ${groups.id} and m.user_id = ${viewerId})`,
});

/** Newest first; the id breaks ties (platform/keyset cursor). */
const NEWEST: SortPart[] = [
  { expr: sql`${groups.createdAt}`, type: 'timestamptz' },
  { expr: sql`${groups.id}`, type: 'uuid' },
];

/**
 * Groups with owner, member count, tags and the viewer's membership, in one query, newest first.
 * For lists bounded by their filter (one owner's groups); open-ended lists use groupsPage.
 */
export async function selectGroups(db: Executor, viewerId: string, where: SQL | undefined) {
  const rows = await db
    .select(groupColumns(viewerId))
    .from(groups)
    .innerJoin(users, eq(users.id, groups.ownerId))
    .where(where)
    .orderBy(...NEWEST.map((p) => sql`${p.expr} desc`));
  return rows.map((row: GroupRow) => presentGroup(row, viewerId));
}

/** One 'load more' page of the groups `where` selects, newest first; `next` is null at the end. */
export async function groupsPage(
  db: Executor,
  viewerId: string,
  where: SQL | undefined,
  page: { cursor?: string; limit: number },
) {
  const { items, next } = await nextPage(NEWEST, { ...page, dir: 'desc' }, (after, order, limit) =>
    db
      .select({ ...groupColumns(viewerId), sortKey: sortKeyColumn(NEWEST) })
      .from(groups)
      .innerJoin(users, eq(users.id, groups.ownerId))
      .where(and(where, after))
      .orderBy(...order)
      .limit(limit),
  );
  return { items: items.map((row) => presentGroup(row, viewerId)), next };
}

/** Case-insensitive literal match on name, description or a tag's text (no LIKE wildcards). */
export const matchesSearch = (q: string): SQL => sql`(
  ${anyContainsText([groups.name, groups.description], q)}
  or exists (select 1 from group_tags gt join tags t on t.id = gt.tag_id
    where gt.group_id = ${groups.id} and ${containsText(sql`t.text`, q)}))`;

const joinedBy = (userId: string) =>
  sql`exists (select 1 from ${memberships} m
    where m.group_id = ${groups.id} and m.user_id = ${userId} and m.status = 'approved')`;

/**
 * Explore: groups anyone may find (policy canFindGroup: not hidden), not mine, not joined;
 * My Groups: owned or approved member.
 */
export function groupListWhere(viewerId: string, query: { tab: 'explore' | 'mine'; search?: string }) {
  if (query.tab === 'mine') return or(eq(groups.ownerId, viewerId), joinedBy(viewerId));
  const search = query.search?.trim();
  return and(
    eq(groups.isHidden, false),
    ne(groups.ownerId, viewerId),
    sql`not ${joinedBy(viewerId)}`,
    search ? matchesSearch(search) : undefined,
  );
}

export const ownedBy = (ownerId: string) => eq(groups.ownerId, ownerId);

export const findGroup = async (db: Executor, id: string) =>
  (await db.select().from(groups).where(eq(groups.id, id)).limit(1))[0];

export async function isOwnGroup(db: Executor, ownerId: string, groupId: string) {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.ownerId, ownerId)));
  return rows.length > 0;
}

export const membershipOf = async (db: Executor, groupId: string, userId: string) =>
  (
    await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)))
      .limit(1)
  )[0];

export const findMembership = async (db: Executor, id: string) =>
  (await db.select().from(memberships).where(eq(memberships.id, id)).limit(1))[0];

export async function approvedCountOf(db: Executor, groupId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.groupId, groupId), eq(memberships.status, 'approved')));
  return Number(row?.n ?? 0);
}

/** The first approved members (the member view previews 3). */
export const firstMembers = (db: Executor, groupId: string, count: number) =>
  db
    .select({ _id: users.id, name: users.name, profilePicture: users.profilePicture })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.groupId, groupId), eq(memberships.status, 'approved')))
    .orderBy(asc(memberships.createdAt))
    .limit(count);

/** Every membership and request of a group but the owner's, oldest first. */
export const requestsOf = (db: Executor, groupId: string) =>
  db
    .select({ membership: memberships, user: { id: users.id, name: users.name, email: users.email } })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(groups, eq(groups.id, memberships.groupId))
    .where(and(eq(memberships.groupId, groupId), sql`${memberships.userId} <> ${groups.ownerId}`))
    .orderBy(asc(memberships.createdAt));

// ---- tags (the admins' list every group picks from)

export const allTags = (db: Executor) => db.select().from(tags).orderBy(asc(tags.text));

export const findTag = async (db: Executor, id: string) =>
  (await db.select().from(tags).where(eq(tags.id, id)).limit(1))[0];

export const countKnownTags = async (db: Executor, ids: string[]) =>
  ids.length ? (await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids))).length : 0;

export const tagIdsOf = async (db: Executor, groupId: string) =>
  (await db.select({ id: groupTags.tagId }).from(groupTags).where(eq(groupTags.groupId, groupId))).map((t) => t.id);

// ---- admin

/** Every group for the admin list, by name. */
export const adminGroupRows = (db: Executor) =>
  db
    .select({ _id: groups.id, name: groups.name, ownerId: users.id, ownerName: users.name, members: approvedCount })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.ownerId))
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));

export const personOf = async (db: Executor, id: string) =>
  (await db.select({ _id: users.id, name: users.name }).from(users).where(eq(users.id, id)).limit(1))[0];

/** One group as `viewerId` sees it (GroupAnswer). */
export const shownGroup = async (db: Executor, viewerId: string, id: string) =>
  (await selectGroups(db, viewerId, eq(groups.id, id)))[0]!;
