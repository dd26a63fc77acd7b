import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { type User, users } from '../../db/schema';
import { keysetPage, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { anyContainsText } from '../../platform/text-search';
import type { CountCache } from './count-cache';

const id: SortPart = { expr: sql`${users.id}`, type: 'uuid' };
const byEmail: SortPart = { expr: sql`lower(${users.email})`, type: 'text' };
const byUsername: SortPart = { expr: sql`lower(${users.username})`, type: 'text' };
/** Each sort ends in the id; unsorted lists show the newest accounts first (migration 0012 indexes). */
const SORTS = {
  newest: [{ expr: sql`${users.createdAt}`, type: 'timestamptz' }, id],
  email: [byEmail, id],
  username: [byUsername, id],
  isFacilitator: [{ expr: sql`${users.isFacilitator}`, type: 'boolean' }, byEmail, id],
} satisfies Record<string, SortPart[]>;

export type AccountListQuery = {
  limit: number;
  dir: 'asc' | 'desc';
  after?: string;
  before?: string;
  sort?: keyof typeof SORTS;
  search?: string;
};

/** One keyset page of accounts; `filter` narrows it (facilitators only, a search). */
function accountPage<C extends Record<string, PgColumn>>(
  db: Executor,
  counts: CountCache,
  query: AccountListQuery,
  filter: SQL | undefined,
  columns: C,
  countKey: string,
) {
  const sort = SORTS[query.sort ?? 'newest'];
  const dir = query.sort ? query.dir : 'desc';
  return keysetPage(
    sort,
    { ...query, dir },
    (where, order, limit) =>
      db
        .select({ ...columns, sortKey: sortKeyColumn(sort) })
        .from(users)
        .where(and(filter, where))
        .orderBy(...order)
        .limit(limit),
    () => counts.count(countKey, async () => (await db.select({ n: count() }).from(users).where(filter))[0]!.n),
  );
}

/** GET admin/user: every account, sorted on the server. */
export const userPage = (db: Executor, counts: CountCache, query: AccountListQuery) =>
  accountPage(
    db,
    counts,
    query,
    undefined,
    { _id: users.id, email: users.email, username: users.username, isFacilitator: users.isFacilitator },
    'users',
  );

/** GET admin/facilitator: facilitators, searchable by name, email or username. */
export function facilitatorPage(db: Executor, counts: CountCache, query: AccountListQuery) {
  const search = query.search ? anyContainsText([users.name, users.email, users.username], query.search) : undefined;
  return accountPage(
    db,
    counts,
    query,
    and(eq(users.isFacilitator, true), search),
    { _id: users.id, name: users.name, email: users.email, username: users.username },
    `facilitators:${query.search ?? ''}`,
  );
}

/** An account by id; `facilitatorsOnly` for the facilitator forms. */
export const findAdminAccount = async (db: Executor, id: string, facilitatorsOnly = false): Promise<User | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), facilitatorsOnly ? eq(users.isFacilitator, true) : undefined))
  )[0];
