import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { comments, content, groups, posts, subscriptions, tags, tiers, users } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Every id an entry mentions: its target and the ids among its details (one level into objects and lists). */
export function idsOf(entry: { targetId: string | null; details: Record<string, unknown> }): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (isUuid(value)) found.add(value);
    else if (depth < 2 && Array.isArray(value)) for (const v of value) visit(v, depth + 1);
    else if (depth < 2 && value && typeof value === 'object') for (const v of Object.values(value)) visit(v, depth + 1);
  };
  if (entry.targetId) visit(entry.targetId, 0);
  visit(entry.details, 0);
  return [...found];
}

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/**
 * The names of the ids a page of the audit log mentions, so the log shows no raw ids: people,
 * groups, tiers, tags, content, and a post's or comment's first words; a subscription by its
 * member and tier. One query per kind, whatever the page size. Gone rows have no name here: the
 * log falls back to what its details recorded.
 */
export async function namesOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const lookups: Array<Promise<Array<{ id: string; name: string }>>> = [
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
    db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, ids)),
    db.select({ id: tiers.id, name: tiers.name }).from(tiers).where(inArray(tiers.id, ids)),
    db.select({ id: tags.id, name: tags.text }).from(tags).where(inArray(tags.id, ids)),
    db.select({ id: content.id, name: content.title }).from(content).where(inArray(content.id, ids)),
    db.select({ id: posts.id, name: posts.text }).from(posts).where(inArray(posts.id, ids)),
    db.select({ id: comments.id, name: comments.text }).from(comments).where(inArray(comments.id, ids)),
    db
      .select({ id: subscriptions.id, name: sql<string>`${users.name} || ' · ' || ${tiers.name}` })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
      .where(inArray(subscriptions.id, ids) as SQL),
  ];
  for (const rows of await Promise.all(lookups)) {
    for (const row of rows) if (!names.has(row.id) && row.name) names.set(row.id, excerpt(row.name));
  }
  return names;
}

/** What a deleted target was called, from what its entry recorded ('name', 'text', 'email', or a rename's 'to'). */
export function recordedName(details: Record<string, unknown>): string | null {
  for (const key of ['name', 'text', 'email', 'to']) {
    const value = details[key];
    if (typeof value === 'string' && value) return excerpt(value);
  }
  return null;
}
