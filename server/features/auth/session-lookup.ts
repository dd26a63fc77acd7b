import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';
import { authSessions, users, type User } from '../../db/schema';

/** A live session's user and the times that decide whether it slides or is marked seen. */
export type SessionRow = { user: User; expiresAt: Date; createdAt: Date; lastSeenAt: Date };

const USER_COLUMNS = Object.entries(getTableColumns(users));
const WHERE = `where s.token_hash = $1 and s.expires_at > now() and s.created_at > now() - make_interval(days => $2)`;

/**
 * The check every signed-in request makes (issue 19), on PostgreSQL: one named statement sent
 * straight to the pool (parsed and planned once per connection), its row read as an array and
 * each user column decoded by its own Drizzle column, so `user` is exactly the row Drizzle's
 * `select` gives, without Drizzle's per-query tracing spans, placeholder filling and row mapping
 * (half of this check's Node CPU). No cache: a session ended on any instance is refused on the
 * next request everywhere.
 */
const LOOKUP = {
  name: 'tend_session_user',
  text: `select ${USER_COLUMNS.map(([, c]) => `u."${c.name}"`).join(', ')}, s.expires_at, s.created_at, s.last_seen_at
    from auth_sessions s inner join users u on u.id = s.user_id ${WHERE} limit 1`,
  rowMode: 'array' as const,
  // as Drizzle's node-postgres driver reads them: dates, timestamps and intervals as PostgreSQL
  // prints them, for the columns' own decoders
  types: {
    getTypeParser: ((oid: number, format?: string) =>
      RAW_TYPES.has(oid) ? raw : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  },
};
const RAW_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  // their array types, which pg's builtins do not name (as drizzle-orm/node-postgres lists them)
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const raw = (value: string) => value;

export async function lookUpSession(
  pool: pg.Pool,
  tokenHash: string,
  maxDays: number,
): Promise<SessionRow | undefined> {
  const { rows } = await pool.query<unknown[]>({ ...LOOKUP, values: [tokenHash, maxDays] });
  const row = rows[0];
  if (!row) return undefined;
  const user: Record<string, unknown> = {};
  for (let i = 0; i < USER_COLUMNS.length; i++) {
    const [key, column] = USER_COLUMNS[i]!;
    const value = row[i];
    user[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  const n = USER_COLUMNS.length;
  return {
    user: user as User,
    expiresAt: authSessions.expiresAt.mapFromDriverValue(row[n] as string) as Date,
    createdAt: authSessions.createdAt.mapFromDriverValue(row[n + 1] as string) as Date,
    lastSeenAt: authSessions.lastSeenAt.mapFromDriverValue(row[n + 2] as string) as Date,
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
