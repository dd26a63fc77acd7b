import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';
import { authSessions, users, type User } from '../../db/schema';

/** A live session's user and the times that decide whether it slides or is marked seen. */
export type SessionRow = { user: User; expiresAt: Date; createdAt: Date; lastSeenAt: Date };

const USER_COLUMNS = Object.entries(getTableColumns(users));
const WHERE = `where s.token_hash = $1 and s.expires_at > now() and s.created_at > now() - make_interval(days => $2)`;

/**
 * The check every signed-in request makes, on PostgreSQL: one named statement sent straight to
 * the pool (parsed and planned once per connection), without Drizzle's per-query tracing spans,
 * placeholder filling and row mapping (half of this check's Node CPU). The user comes as one JSON
 * column (`row_to_json`) rather than one column per field: node-postgres describes, types and
 * parses every column of every answer, which for the user's 29 columns cost more than the rest of
 * the check (JSON.parse is native). Each field is then decoded by its own Drizzle column, so
 * `user` is exactly the row Drizzle's `select` gives (sessions.test.ts). No cache: a session
 * ended on any instance is refused on the next request everywhere.
 */
const LOOKUP = {
  name: 'tend_session_user_json',
  text: `select row_to_json(u)::text, s.expires_at, s.created_at, s.last_seen_at
    from auth_sessions s inner join users u on u.id = s.user_id ${WHERE} limit 1`,
  rowMode: 'array' as const,
  // the times as PostgreSQL prints them, for the columns' own decoders (as Drizzle's
  // node-postgres driver reads them)
  types: {
    getTypeParser: ((oid: number, format?: string) =>
      RAW_TYPES.has(oid) ? raw : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  },
};
const RAW_TYPES = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP]);
const raw = (value: string) => value;

export async function lookUpSession(
  pool: pg.Pool,
  tokenHash: string,
  maxDays: number,
): Promise<SessionRow | undefined> {
  const { rows } = await pool.query<[string, string, string, string]>({ ...LOOKUP, values: [tokenHash, maxDays] });
  const row = rows[0];
  if (!row) return undefined;
  // JSON gives what the columns decode: ISO timestamps, 'YYYY-MM-DD' dates, arrays, numbers, booleans
  const fields = JSON.parse(row[0]) as Record<string, unknown>;
  const user: Record<string, unknown> = {};
  for (const [key, column] of USER_COLUMNS) {
    const value = fields[column.name];
    user[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return {
    user: user as User,
    expiresAt: authSessions.expiresAt.mapFromDriverValue(row[1]) as Date,
    createdAt: authSessions.createdAt.mapFromDriverValue(row[2]) as Date,
    lastSeenAt: authSessions.lastSeenAt.mapFromDriverValue(row[3]) as Date,
  };
}

/** The same check through Drizzle (PGlite, and a database handle without a pool), prepared once per database. */
const prepareDrizzleLookup = (db: Database) =>
  db
    .select({
      user: users,
      expiresAt: authSessions.expiresAt,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
        gt(authSessions.expiresAt, sql`now()`),
        gt(authSessions.createdAt, sql`now() - make_interval(days => ${sql.placeholder('maxDays')})`),
      ),
    )
    .limit(1)
    .prepare('tend_session_lookup');
const drizzleLookups = new WeakMap<Database, ReturnType<typeof prepareDrizzleLookup>>();

export async function lookUpSessionWithDrizzle(
  db: Database,
  tokenHash: string,
  maxDays: number,
): Promise<SessionRow | undefined> {
  let lookup = drizzleLookups.get(db);
  if (!lookup) {
    lookup = prepareDrizzleLookup(db);
    drizzleLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash, maxDays });
  return row;
}
