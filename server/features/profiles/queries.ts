import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { facilitatorSearch, tiers, type User, users } from '../../db/schema';
import { decode, nextPage, type SortPart, sortKeyColumn } from '../../platform/keyset';

/** LIKE pattern matching `q` literally: `%`, `_` and `\` match themselves. */
const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A facilitator's name or username (users_name_trgm_idx, migration 0023). */
const nameMatches = (p: string): SQL => sql`lower(${users.name} || ' ' || ${users.username}) like ${p}`;

/**
 * Name or username, category, bio, or a published tier's name or description, tested on each
 * text alone (the original form, kept for a search holding U+0001, the document's separator).
 */
const facilitatorMatchesByText = (p: string): SQL =>
  sql`(${nameMatches(p)} or lower(${users.facilitatorCategory}) like ${p} or lower(${users.bio}) like ${p}
    or exists (select 1 from ${tiers} t where t.user_id = ${users.id} and t.published
      and lower(t.name || ' ' || t.description) like ${p}))`;

/**
 * The same test on the facilitator's search document (migration 0033), one trigram index: each
 * text follows a U+0001 there, so a search without one matches the document where it matched a text.
 */
const facilitatorMatches = (p: string, search: string): SQL =>
  search.includes('\u0001') ? facilitatorMatchesByText(p) : searchTableHas('document', p);

/** nameMatches on the search table's copy of the name (migration 0033), no lower() per facilitator. */
const namedLike = (p: string): SQL => searchTableHas('name_text', p);

/**
 * The users whose text `column` of facilitator_search is like `p`. The trigram index is on the
 * text with each space taken as the letter q (migration 0035), where a search of several words has
 * trigrams across them ('lqm' of 'mindfulqmorning'): PostgreSQL then rechecks the few texts with
 * the phrase, not every one holding each word. That test is implied by `text like p` (both sides
 * change alike), so the answer stays the same; with no space in the search the two patterns are one.
 */
function searchTableHas(column: 'name_text' | 'document', p: string): SQL {
  const text = sql.raw(`s.${column}`);
  const like = sql`${text} like ${p} and replace(${text}, ' ', 'q') like ${p.replaceAll(' ', 'q')}`;
  return sql`${users.id} in (select s.user_id from ${facilitatorSearch} s where ${like})`;
}

/** Explore's order: people whose name matches the search first (0), then the rest (1); by name within each. */
function exploreSort(pattern: string | undefined): SortPart[] {
  const byName: SortPart[] = [
    { expr: sql`${users.name}`, type: 'text' },
    { expr: sql`${users.id}`, type: 'uuid' },
  ];
  if (!pattern) return byName;
  return [{ expr: sql`(case when ${nameMatches(pattern)} then 0 else 1 end)`, type: 'int' }, ...byName];
}

const exploreColumns = (sort: SortPart[]) => ({
  _id: users.id,
  name: users.name,
  profilePicture: users.profilePicture,
  facilitatorCategory: users.facilitatorCategory,
  sortKey: sortKeyColumn(sort),
});

/**
 * Explore (spec 02 §2): facilitators, those named like the search first; paged with platform/keyset's cursor.
 * A search reads its two groups one after the other, each in (name, id) order after the cursor:
 * the people named like it (facilitator_search_name_words_trgm_idx), then the others whose search
 * document matches (facilitator_search_words_trgm_idx, or users_explore_name_idx when most match),
 * so PostgreSQL never tests every facilitator to sort them.
 */
export async function explorePage(db: Executor, query: { search?: string; cursor?: string; limit: number }) {
  const { search } = query;
  const pattern = search ? containsPattern(search) : undefined;
  const sort = exploreSort(pattern);
  const request = { limit: query.limit, dir: 'asc' as const, cursor: query.cursor };
  const page = await nextPage(sort, request, async (where, order, limit) => {
    if (!pattern || !search) {
      return db
        .select(exploreColumns(sort))
        .from(users)
        .where(and(eq(users.isFacilitator, true), where))
        .orderBy(...order)
        .limit(limit);
    }
    const [group, name, id] = query.cursor ? decode(query.cursor, sort) : [];
    const after =
      name !== undefined && id !== undefined
        ? sql`(${users.name}, ${users.id}) > (${name}::text, ${id}::uuid)`
        : undefined;
    const read = (named: boolean, rowLimit: number, from: SQL | undefined) =>
      db
        .select(exploreColumns(sort))
        .from(users)
        .where(
          and(
            eq(users.isFacilitator, true),
            named ? namedLike(pattern) : and(sql`not ${nameMatches(pattern)}`, facilitatorMatches(pattern, search)),
            from,
          ),
        )
        .orderBy(asc(users.name), asc(users.id))
        .limit(rowLimit);
    const named = group === undefined || group === '0' ? await read(true, limit, after) : [];
    if (named.length >= limit) return named;
    const others = await read(false, limit - named.length, group === '1' ? after : undefined);
    return [...named, ...others];
  });
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
