import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { GroupAnswer } from '../../../common/groups/schemas';
import type { Database } from '../../db/client';
import { groups, memberships, users } from '../../db/schema';
import { anyContainsText, containsText } from '../../platform/text-search';

/** Groups with owner, member count, tags and the viewer's membership, in one query. */
export async function selectGroups(db: Database, viewerId: string, where: SQL | undefined): Promise<GroupAnswer[]> {
  const rows = await db
    .select({
      group: groups,
      owner: { id: users.id, name: users.name, profilePicture: users.profilePicture },
      members: sql<number>`(select count(*)::int from ${memberships} m where m.group_id = ${groups.id} and m.status = 'approved')`,
      tags: sql<
        string[]
      >`coalesce((select array_agg(gt.tag_id::text) from group_tags gt where gt.group_id = ${groups.id}), '{}')`,
      mine: sql<
        string | null
      >`(select m.status from ${memberships} m where m.group_id = ${groups.id} and m.user_id = ${viewerId})`,
    })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.ownerId))
    .where(where)
    .orderBy(desc(groups.createdAt))
    .limit(200);
  return rows.map(({ group: g, owner, members, tags, mine }) => ({
    _id: g.id,
    name: g.name,
    description: g.description,
    category: g.category,
    coverPhoto: g.coverPhoto,
    thumbnail: g.thumbnail,
    owner: { _id: owner.id, name: owner.name, profilePicture: owner.profilePicture },
    members: Number(members),
    isPrivate: g.isPrivate,
    isHidden: g.isHidden,
    allowAnonymous: g.allowAnonymous,
    memberCap: g.memberCap,
    tags: tags ?? [],
    membershipStatus: (mine ?? 'none') as GroupAnswer['membershipStatus'],
    isOwner: g.ownerId === viewerId,
    isFull: g.memberCap !== null && Number(members) >= g.memberCap,
  }));
}

/** Case-insensitive literal match on name, description or a tag's text (no LIKE wildcards). */
export const matchesSearch = (q: string): SQL => sql`(
  ${anyContainsText([groups.name, groups.description], q)}
  or exists (select 1 from group_tags gt join tags t on t.id = gt.tag_id where gt.group_id = ${groups.id} and ${containsText(sql`t.text`, q)}))`;

export const membershipOf = async (db: Database, groupId: string, userId: string) =>
  (
    await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)))
      .limit(1)
  )[0];
