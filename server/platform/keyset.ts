import { sql, type SQL } from 'drizzle-orm';
import type { ServerPage } from '../../common/admin/schemas';
import { isId } from '../../common/params';
import { badRequest } from './errors';

/** One part of a sort order: an SQL expression and the type its cursor value is cast back to. */
export type SortPart = { expr: SQL; type: 'text' | 'boolean' | 'timestamptz' | 'date' | 'int' | 'uuid' };

/**
 * Keyset paging, the one cursor format of the API: admin tables page both ways with a
 * total (`keysetPage`), member lists load more (`nextPage`). The sort is a list of parts
 * ending in a unique one (the id); a cursor holds one row's values of those parts, as PostgreSQL
 * prints them, so timestamps keep their microseconds. `after` pages forward from a row, `before`
 * backward; both compare the whole sort tuple at once, which an index on the same columns serves.
 */
export type KeysetRequest = { limit: number; dir: 'asc' | 'desc'; after?: string; before?: string };

export const encode = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

/**
 * What PostgreSQL prints for each type, and only values it can cast back, so a forged cursor is a
 * 400 and never a failed cast: text without NUL, int4's range, a calendar date and time that exist.
 */
const INT4 = 2 ** 31;
const TIMESTAMPTZ =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
const PRINTED: Record<SortPart['type'], (v: string) => boolean> = {
  text: (v) => v.length <= 400 && !v.includes('\u0000'),
  boolean: (v) => v === 'true' || v === 'false',
  int: (v) => /^-?\d{1,10}$/.test(v) && Number(v) >= -INT4 && Number(v) < INT4,
  uuid: isId,
  date: (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const [year, month, day] = [1, 2, 3].map((i) => Number(m[i]));
    const date = new Date(Date.UTC(year!, month! - 1, day!));
    return year! >= 1 && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  },
  timestamptz: (v) => {
    const m = TIMESTAMPTZ.exec(v);
    if (!m) return false;
    const [year, month, day, hour, minute, second, offsetHours, offsetMinutes, offsetSeconds] = [
      1, 2, 3, 4, 5, 6, 8, 9, 10,
    ].map((i) => Number(m[i] ?? 0));
    // Date.UTC reads years 0-99 as 1900-1999, which keeps their leap days
    const date = new Date(Date.UTC(year!, month! - 1, day!));
    const dateExists = year! >= 1 && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
    return (
      dateExists &&
      hour! < 24 &&
      minute! < 60 &&
      second! < 60 &&
      offsetHours! < 16 &&
      offsetMinutes! < 60 &&
      offsetSeconds! < 60
    );
  },
};

/** A cursor's values, checked against the types of the sort's parts (a named read passes the types alone). */
export function decode(cursor: string, sort: readonly Pick<SortPart, 'type'>[]): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (
      Array.isArray(values) &&
      values.length === sort.length &&
      values.every((v, i) => typeof v === 'string' && PRINTED[sort[i]!.type](v))
    ) {
      return values as string[];
    }
  } catch {
    // fall through
  }
  throw badRequest('invalid_cursor', 'That page link is not valid any more. Go back to the first page.');
}

/** The values a cursor needs, selected with each row: `sortKey` is the parts as text. */
export const sortKeyColumn = (sort: SortPart[]) =>
  sql<string[]>`array[${sql.join(
    sort.map((p) => sql`${p.expr}::text`),
    sql`, `,
  )}]`;

const tuple = (sort: SortPart[]) =>
  sql`(${sql.join(
    sort.map((p) => p.expr),
    sql`, `,
  )})`;
const values = (sort: SortPart[], cursor: string[]) =>
  sql`(${sql.join(
    sort.map((p, i) => sql`cast(${cursor[i]} as ${sql.raw(p.type)})`),
    sql`, `,
  )})`;
const orderBy = (sort: SortPart[], dir: 'asc' | 'desc') =>
  sort.map((p) => (dir === 'asc' ? sql`${p.expr} asc` : sql`${p.expr} desc`));

/**
 * Runs one page. `select(where, orderBy, limit)` reads rows that carry `sortKey` (see
 * sortKeyColumn); `count()` counts every matching row. A page past the end (its rows were deleted)
 * answers the last page instead.
 */
export async function keysetPage<Row extends { sortKey: string[] }>(
  sort: SortPart[],
  request: KeysetRequest,
  select: (where: SQL | undefined, order: SQL[], limit: number) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<ServerPage<Omit<Row, 'sortKey'>>> {
  const { limit, dir } = request;
  const backward = Boolean(request.before);
  const cursor = request.after ?? request.before;
  const readDir = backward === (dir === 'asc') ? 'desc' : 'asc';
  const where = cursor
    ? sql`${tuple(sort)} ${sql.raw(readDir === 'asc' ? '>' : '<')} ${values(sort, decode(cursor, sort))}`
    : undefined;

  const [read, total] = await Promise.all([select(where, orderBy(sort, readDir), limit + 1), count()]);
  const rows = read.slice(0, limit);
  const more = read.length > limit;
  if (backward) rows.reverse();

  if (rows.length === 0 && cursor && total > 0) {
    // past the last row (its rows were deleted), or before the first: that end's page instead
    const fromEnd = !backward;
    const end = await select(undefined, orderBy(sort, fromEnd ? (dir === 'asc' ? 'desc' : 'asc') : dir), limit + 1);
    const endRows = end.slice(0, limit);
    if (fromEnd) endRows.reverse();
    const endMore = end.length > limit;
    return finish(endRows, total, fromEnd ? endMore : false, fromEnd ? false : endMore);
  }

  return finish(rows, total, backward ? more : Boolean(cursor), backward ? true : more);
}

function finish<Row extends { sortKey: string[] }>(rows: Row[], total: number, hasPrev: boolean, hasNext: boolean) {
  const first = rows[0];
  const last = rows.at(-1);
  return {
    items: rows.map(({ sortKey: _key, ...row }) => row),
    total,
    prevCursor: hasPrev && first ? encode(first.sortKey) : null,
    nextCursor: hasNext && last ? encode(last.sortKey) : null,
  };
}

/**
 * A forward-only list ('Load more', infinite scroll): the rows after `cursor` in `dir` order and
 * the cursor of the last one, or null at the end. Same cursor format as keysetPage.
 */
export async function nextPage<Row extends { sortKey: string[] }>(
  sort: SortPart[],
  request: { limit: number; dir: 'asc' | 'desc'; cursor?: string | null },
  select: (where: SQL | undefined, order: SQL[], limit: number) => Promise<Row[]>,
): Promise<{ items: Omit<Row, 'sortKey'>[]; next: string | null }> {
  const { limit, dir, cursor } = request;
  const where = cursor
    ? sql`${tuple(sort)} ${sql.raw(dir === 'asc' ? '>' : '<')} ${values(sort, decode(cursor, sort))}`
    : undefined;
  const { rows, next } = cutPage(await select(where, orderBy(sort, dir), limit + 1), limit, (r) => r.sortKey);
  return { items: rows.map(({ sortKey: _key, ...row }) => row), next };
}

/**
 * A forward page from rows read with `limit + 1`: the first `limit`, and the cursor of the last
 * of them when the extra row came (null at the end). nextPage's, and the named reads' (the feed,
 * a chat room), which select their sort key themselves.
 */
export function cutPage<Row>(read: Row[], limit: number, keyOf: (row: Row) => string[]) {
  const rows = read.slice(0, limit);
  const last = rows.at(-1);
  return { rows, next: read.length > limit && last ? encode(keyOf(last)) : null };
}
