import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
// trigram indexes for Explore's substring search (PostgreSQL ships it in contrib)
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/**
 * What a query runs on: the database or an open transaction (drizzle's transaction is a
 * PgDatabase too, so a service takes an Executor and works inside or outside one).
 */
export type Executor = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The app's database handle; the same type as an Executor. */
export type Database = Executor;

/** The rows of a raw `sql` statement: PGlite and node-postgres both answer `{ rows }`. */
export async function selectRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (idempotent). */
  migrate: () => Promise<void>;
  /** Runs `select 1`; used by /readyz. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** The raw PGlite instance, when embedded (LISTEN/NOTIFY in-process). */
  pglite?: PGlite;
  /** The pg pool, when on PostgreSQL. */
  pool?: pg.Pool;
  /** The connection URL, when on PostgreSQL (a second app instance on the same database). */
  url?: string;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory when dataDir is '').
 * `template`: an in-memory PGlite starts from this dump of a data directory (tests: one migrated
 * database copied per test file instead of migrating each).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  template?: Blob;
  /** in-memory PGlite: its compiled WebAssembly and file bundle, made once per test process */
  pgliteRuntime?: PgliteRuntime;
  /** PostgreSQL: other limits than DATABASE_TIMEOUTS (the test suite on a loaded 2-core machine) */
  timeouts?: typeof DATABASE_TIMEOUTS;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.timeouts ?? DATABASE_TIMEOUTS);
  return openPglite(opts.dataDir ?? '', opts.template, opts.pgliteRuntime);
}

export type PgliteRuntime = { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob };

/**
 * How long the app waits on PostgreSQL: a stopped or frozen database answers requests with 503
 * `database_unavailable` within 5 s instead of hanging them. Pages are meant to take
 * milliseconds, so 4 s is a fault, not a slow page. Migrations and backups use their
 * own connections without these limits.
 */
export const DATABASE_TIMEOUTS = {
  /** opening a connection, and waiting for a free one in the pool */
  connectMs: 3_000,
  /** the server cancels a statement running longer */
  statementMs: 4_000,
  /** the client gives up on an answer that does not come (a frozen server cancels nothing) */
  answerMs: 4_500,
};

function openPostgres(url: string, timeouts: typeof DATABASE_TIMEOUTS): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.answerMs,
  });
  // an idle client losing its connection must not crash the process
  pool.on('error', () => undefined);
  const db: Database = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    pool,
    url,
    migrate: () => migrateUnderLock(url),
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/** Any number key, the same in every instance: pg_advisory_lock's namespace is the database's. */
const MIGRATION_LOCK = 7_213_500_001;

/**
 * Several instances started at once on an empty database would each create the same tables
 * (and crash on duplicate keys): each waits for the session-level advisory lock, and finds the
 * migrations applied when its turn comes.
 */
async function migrateUnderLock(url: string) {
  // its own connection, without the request timeouts: a migration may rightly take minutes
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}

async function openPglite(dataDir: string, template?: Blob, runtime?: PgliteRuntime): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  let stopCheckpoints = () => {};
  let client: PGlite;
  if (dataDir) {
    const dbDir = join(dataDir, 'pglite');
    mkdirSync(dbDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
    client = new PGlite(dbDir, { extensions: { pg_trgm } });
  } else {
    client = new PGlite({ extensions: { pg_trgm }, ...runtime, ...(template && { loadDataDir: template }) });
  }
  await client.waitReady;
  if (dataDir) stopCheckpoints = scheduleCheckpoints(client);
  const pgliteDb = drizzlePglite(client, { schema });
  const db: Database = pgliteDb;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      stopCheckpoints();
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite runs PostgreSQL in single-user mode, where nothing ever checkpoints on its own (no
 * checkpointer process; max_wal_size and checkpoint_timeout are not acted on): all the WAL since
 * the server started is kept, and after a crash replayed (measured: 12 s of a restart after
 * kill -9). So: every `everyMs`, a CHECKPOINT once `walBytes` of WAL have been written since the
 * last one. Recovery then replays at most about that much, and old WAL files are recycled.
 */
export const PGLITE_CHECKPOINTS = { everyMs: 60_000, walBytes: 4 * 1024 * 1024 };

export function scheduleCheckpoints(client: PGlite, { everyMs, walBytes } = PGLITE_CHECKPOINTS): () => void {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy || client.closed) return;
    busy = true;
    try {
      const { rows } = await client.query<{ behind: string }>(
        'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::text as behind from pg_control_checkpoint()',
      );
      if (Number(rows[0]?.behind) >= walBytes) await client.exec('checkpoint');
    } catch {
      // closing: the clean shutdown checkpoints anyway
    } finally {
      busy = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * One process per PGlite data directory: PGlite aborts when two processes share
 * one, so a second server fails at start with a clear message instead. The lock file holds the
 * holder's pid and, on Linux, its start time: after a crash the pid may belong to an unrelated
 * process by now (a container restarted, pids reused), which must not refuse the start.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'tend.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      const started = processStartTime(process.pid);
      writeFileSync(fd, started === undefined ? String(process.pid) : `${process.pid} ${started}`);
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pid, started] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
      if (pid && pid !== process.pid && isHolder(pid, started)) {
        throw new DataDirLockedError(
          `Another Tend server (pid ${pid}) is already using the data directory ${dataDir}. ` +
            'Stop it first, or set DATA_DIR to another folder, or use PostgreSQL via DATABASE_URL.',
        );
      }
      rmSync(file, { force: true }); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

/** Whether the lock's holder still runs: its pid is alive and, when both are known, started when the lock says. */
function isHolder(pid: number, started: number | undefined): boolean {
  if (!isAlive(pid)) return false;
  if (!started) return true; // a lock from a system without /proc (or an older Tend): the pid is all there is
  const now = processStartTime(pid);
  return now === undefined || now === started;
}

/**
 * When a process started, in clock ticks since boot: field 22 of /proc/<pid>/stat (Linux). A pid
 * and its start time name one process; a pid alone may be reused. undefined elsewhere.
 */
export function processStartTime(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may hold spaces: count from after it
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[22 - 3]);
    return Number.isFinite(ticks) && ticks > 0 ? ticks : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
