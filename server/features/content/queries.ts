import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { content, contentTiers, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { ContentWithRefs } from './presenter';

/** Content rows with their tier ids and author, in one query (no query per row). */
export async function selectContent(db: Executor, where: SQL | undefined): Promise<ContentWithRefs[]> {
  const rows = await db
    .select({
      content,
      tierIds: sql<string[]>`coalesce(
        (select array_agg(ct.tier_id::text) from ${contentTiers} ct where ct.content_id = ${content.id}),
        '{}')`,
      author: { id: users.id, name: users.name, profilePicture: users.profilePicture },
    })
    .from(content)
    .innerJoin(users, eq(users.id, content.userId))
    .where(where)
    .orderBy(desc(content.createdAt));
  return rows.map((r) => ({ ...r, tierIds: r.tierIds ?? [] }));
}

/** All content in any of `tierIds`. */
export function contentOfTiers(db: Executor, tierIds: string[]) {
  if (tierIds.length === 0) return Promise.resolve([]);
  return selectContent(
    db,
    inArray(
      content.id,
      db.select({ id: contentTiers.contentId }).from(contentTiers).where(inArray(contentTiers.tierId, tierIds)),
    ),
  );
}

/** One item with its tier ids and author. */
export const contentWithRefs = async (db: Executor, id: string) => (await selectContent(db, eq(content.id, id)))[0];

/** The owner of each of these items that exists (one primary-key lookup for all of them). */
export async function ownersOf(db: Executor, ids: readonly string[]): Promise<Map<string, { userId: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: content.id, userId: content.userId })
    .from(content)
    .where(inArray(content.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { userId: r.userId }]));
}
