import type { ExploreAnswer } from '../../../common/profiles/schemas';
import { type NamedDatabase, namedRows, plannedRows } from '../../db/named-rows';
import { cutPage, decode, type SortPart } from '../../platform/keyset';
import { containsPattern } from '../../platform/text-search';

/**
 * Explore, the facilitators' directory and a hot read, as plain SQL: the list without a search as named
 * statements (planned once per connection), a search sent unnamed so PostgreSQL plans it with its
 * pattern (a generic plan guesses 50 matches and rechecks a common word's thousands: 'yoga' 6 ms).
 * Built with Drizzle, the query building and row mapping took a third of the route's Node time
 * (scripts/bench-explore.ts, 10k facilitators: 0.67-0.77 -> 0.43-0.50 ms per request).
 *
 * A search reads its two groups one after the other, each in (name, id) order after the cursor:
 * the people named like it (facilitator_search_name_words_trgm_idx), then the others whose search
 * document matches (facilitator_search_words_trgm_idx, or users_explore_name_idx when most match),
 * so PostgreSQL never tests every facilitator to sort them. The cursor is platform/keyset's.
 */
const CARD = `u.id, u.name, u.profile_picture as "profilePicture", u.facilitator_category as "facilitatorCategory"`;

const ALL_SORT: Pick<SortPart, 'type'>[] = [{ type: 'text' }, { type: 'uuid' }];
/** After the cursor's name and id, given as the statement's placeholders. */
const afterCursor = (name: string, id: string) => ` and (u.name, u.id) > (cast(${name} as text), cast(${id} as uuid))`;
const everyone = (after: string) =>
  `select ${CARD}, array[u.name::text, u.id::text] as sort_key from users u
    where u.is_facilitator = true${after} order by u.name asc, u.id asc limit $1`;
const ALL_FIRST = { name: 'tend_explore_first', text: everyone('') };
const ALL_AFTER = {
  name: 'tend_explore_after',
  text: everyone(afterCursor('$2', '$3')),
};

/** The group (0 named like the search, 1 the others), then name and id. */
const SEARCH_SORT: Pick<SortPart, 'type'>[] = [{ type: 'int' }, ...ALL_SORT];

/** A search's statement and its values, each value a `$n` where the text uses it. */
function searchStatement(group: 0 | 1, search: string, rows: number, after: string[] | undefined) {
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  // the texts it is tested on are lower case (lower() or the search table's copies)
  const pattern = containsPattern(search.toLowerCase());
  const like = param(pattern);
  // a facilitator's name or username (users_name_trgm_idx, migration 0023)
  const namedLike = `lower(u.name || ' ' || u.username) like ${like}`;
  /**
   * The users whose text `column` of facilitator_search is like the pattern. The trigram index is
   * on the text with each space taken as the letter q (migration 0035), where a search of several
   * words has trigrams across them ('lqm' of 'mindfulqmorning'): PostgreSQL then rechecks the few
   * texts with the phrase, not every one holding each word. That test is implied by `text like`
   * the pattern (both sides change alike), so the answer stays the same.
   */
  const inSearchTable = (column: 'name_text' | 'document') =>
    `u.id in (select s.user_id from facilitator_search s
      where s.${column} like ${like} and replace(s.${column}, ' ', 'q') like ${param(pattern.replaceAll(' ', 'q'))})`;
  // each text alone, for a search holding U+0001, the search document's separator (migration 0033)
  const matchesByText = () => `(${namedLike} or lower(u.facilitator_category) like ${like}
    or lower(u.bio) like ${like} or exists (select 1 from tiers t where t.user_id = u.id and t.published
      and lower(t.name || ' ' || t.description) like ${like}))`;
  const match =
    group === 0
      ? inSearchTable('name_text')
      : `not ${namedLike} and ${search.includes('\u0001') ? matchesByText() : inSearchTable('document')}`;
  const cursor = after ? afterCursor(param(after[0]), param(after[1])) : '';
  const text = `select ${CARD}, array['${group}', u.name::text, u.id::text] as sort_key from users u
    where u.is_facilitator = true and ${match}${cursor} order by u.name asc, u.id asc limit ${param(rows)}`;
  return { text, values };
}

type Row = { id: string; name: string; profilePicture: string | null; facilitatorCategory: string; sort_key: string[] };

export async function explorePage(
  database: NamedDatabase,
  query: { search?: string; cursor?: string; limit: number },
): Promise<ExploreAnswer> {
  const { search, cursor, limit } = query;
  let read: Row[];
  if (!search) {
    read = cursor
      ? await namedRows<Row>(database, ALL_AFTER, [limit + 1, ...decode(cursor, ALL_SORT)])
      : await namedRows<Row>(database, ALL_FIRST, [limit + 1]);
  } else {
    const [group, ...after] = cursor ? decode(cursor, SEARCH_SORT) : [];
    // without a cursor the named group first; a cursor goes on in its own group
    const ask = (which: 0 | 1, rows: number) =>
      plannedRows<Row>(database, searchStatement(which, search, rows, group === `${which}` ? after : undefined));
    const named = group === undefined || group === '0' ? await ask(0, limit + 1) : [];
    read = named.length > limit ? named : named.concat(await ask(1, limit + 1 - named.length));
  }
  const { rows, next } = cutPage(read, limit, (row) => row.sort_key);
  return {
    facilitators: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      profilePicture: r.profilePicture,
      facilitatorCategory: r.facilitatorCategory,
    })),
    next,
  };
}
