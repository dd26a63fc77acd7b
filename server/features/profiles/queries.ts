import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { groups, memberships, subscriptions, tiers, type User, users } from '../../db/schema';
import { nextPage, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { canFindGroup } from '../groups/policy';
import { groupsPage } from '../groups/queries';
import { mayMessage } from '../messages/queries';
import { authorPostsPage } from '../posts/queries';
import { isActiveSql } from '../subscriptions/service';

/** LIKE pattern matching `q` literally: `%`, `_` and `\` match themselves. */
const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A facilitator's name or username (users_name_trgm_idx, migration 0023). */
const nameMatches = (p: string): SQL => sql`lower(${users.name} || ' ' || ${users.username}) like ${p}`;

/**
 * Name or username, category, bio, or a published tier's name or description (the pg_trgm
 * indexes of migrations 0009 and 0023).
 */
const facilitatorMatches = (p: string): SQL =>
  sql`(${nameMatches(p)} or lower(${users.facilitatorCategory}) like ${p} or lower(${users.bio}) like ${p}
    or exists (select 1 from ${tiers} t where t.user_id = ${users.id} and t.published and lower(t.name || ' ' || t.description) like ${p}))`;

/** Explore's order: people whose name matches the search first (0), then the rest (1); by name within each. */
function exploreSort(pattern: string | undefined): SortPart[] {
  const byName: SortPart[] = [
    { expr: sql`${users.name}`, type: 'text' },
    { expr: sql`${users.id}`, type: 'uuid' },
  ];
  if (!pattern) return byName;
  return [{ expr: sql`(case when ${nameMatches(pattern)} then 0 else 1 end)`, type: 'int' }, ...byName];
}

/** Explore (spec 02 §2): facilitators, those named like the search first; paged with platform/keyset's cursor. */
export async function explorePage(db: Executor, query: { search?: string; cursor?: string; limit: number }) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const sort = exploreSort(pattern);
  const page = await nextPage(sort, { limit: query.limit, dir: 'asc', cursor: query.cursor }, (where, order, limit) =>
    db
      .select({
        _id: users.id,
        name: users.name,
        profilePicture: users.profilePicture,
        facilitatorCategory: users.facilitatorCategory,
        sortKey: sortKeyColumn(sort),
      })
      .from(users)
      .where(and(eq(users.isFacilitator, true), pattern ? facilitatorMatches(pattern) : undefined, where))
      .orderBy(...order)
      .limit(limit),
  );
  return { facilitators: page.items, next: page.next };
}

export const findAccount = async (db: Executor, id: string): Promise<User | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const findFacilitatorAccount = async (db: Executor, id: string): Promise<User | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.isFacilitator, true)))
      .limit(1)
  )[0];

/** A profile's Plans tab: every tier for those who may see unpublished ones, else the published ones. */
export const tiersOnProfile = (db: Executor, ownerId: string, withUnpublished: boolean) =>
  db
    .select()
    .from(tiers)
    .where(withUnpublished ? eq(tiers.userId, ownerId) : and(eq(tiers.userId, ownerId), eq(tiers.published, true)))
    .orderBy(asc(tiers.createdAt));

/**
 * A profile's Groups tab, a page at a time: the groups someone owns, hidden ones only where
 * groups/policy.ts `canFindGroup` lists them (to their owner and admins, spec 02 §6).
 */
export function groupsOwnedBy(db: Database, viewer: User, ownerId: string, page: { cursor?: string; limit: number }) {
  const seesHidden = canFindGroup(viewer, { ownerId, isHidden: true, isPrivate: false });
  return groupsPage(
    db,
    viewer.id,
    and(eq(groups.ownerId, ownerId), seesHidden ? undefined : eq(groups.isHidden, false)),
    page,
  );
}

/** Groups I belong to (approved) without owning them, a page at a time. */
export const groupsJoinedBy = (db: Database, me: User, page: { cursor?: string; limit: number }) =>
  groupsPage(
    db,
    me.id,
    and(
      ne(groups.ownerId, me.id),
      sql`exists (select 1 from ${memberships} m where m.group_id = ${groups.id} and m.user_id = ${me.id} and m.status = 'approved')`,
    ),
    page,
  );

/** True while someone other than the facilitator pays for one of their tiers. */
export async function hasPayingSubscribers(db: Executor, facilitatorId: string) {
  const paying = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(
      and(
        eq(tiers.userId, facilitatorId),
        ne(subscriptions.provider, 'free'),
        ne(subscriptions.userId, facilitatorId),
        isActiveSql(),
      ),
    )
    .limit(1);
  return paying.length > 0;
}

/** A profile's Feed tab: the member's inspiration posts the viewer may see, newest first (the posts feature's feed). */
export const postsOnProfile = (db: Database, viewer: User, userId: string, query: { cursor?: string; limit: number }) =>
  authorPostsPage(db, viewer, userId, query.cursor, query.limit);

/** Whether the profile shows 'Message' (messages/policy.ts: a shared tier with direct messaging). */
export const canMessageProfile = (db: Database, viewer: User, account: User) => mayMessage(db, viewer.id, account.id);
