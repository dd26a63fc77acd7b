import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle, type PgliteRuntime } from '../db/client';
import * as schema from '../db/schema';
import { readSeeds, resetDatabase, type Seeds } from './database-reset';

/**
 * An isolated, migrated database for one test file: a fresh in-memory PGlite, or - when the
 * suite runs against PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL) - a new database
 * created for the file.
 *
 * Both start from a template migrated once per set of migrations, rather than running every
 * migration for every file: a PGlite data-directory dump kept in the temp folder, and a
 * PostgreSQL database copied with CREATE DATABASE ... TEMPLATE.
 *
 * A closed database is kept for the next file of the same test process, emptied back to what
 * the migrations left (database-reset.ts): opening a PGlite costs seconds of CPU and an app's
 * first start on a database creates pg-boss's queues, both far slower than emptying its tables.
 * One that cannot be emptied (closed underneath, a lock held) is dropped and a new one opened.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  for (let kept = idle.pop(); kept; kept = idle.pop()) {
    try {
      await resetDatabase(kept.handle, kept.seeds);
      // in-memory PGlite never checkpoints by itself: its WAL would grow file after file
      if (kept.handle.pglite && ++kept.uses % 20 === 0) await kept.handle.pglite.exec('checkpoint');
      return lend(kept);
    } catch {
      await kept.handle.close().catch(() => undefined);
    }
  }
  const handle = await openTestDatabase();
  return lend({ handle, seeds: await readSeeds(handle), uses: 0 });
}

type Kept = { handle: DatabaseHandle; seeds: Seeds; uses: number };
// per test process (the API projects share one module graph per worker, isolate: false); kept on
// globalThis so they would outlive the module in a project that isolates its files
const perProcess = globalThis as { tendIdleTestDatabases?: Kept[]; tendPgliteRuntime?: Promise<PgliteRuntime> };
perProcess.tendIdleTestDatabases ??= [];
const idle = perProcess.tendIdleTestDatabases;

/**
 * The handle a file gets: closing it hands the database back for the next file. Its Drizzle
 * instance is new, since the app keeps what it read once per database (keys, prepared lookups)
 * in maps keyed by it, and the last file's are gone with its rows.
 */
function lend(kept: Kept): DatabaseHandle {
  let closed = false;
  const { pglite, pool } = kept.handle;
  return {
    ...kept.handle,
    db: pglite ? drizzlePglite(pglite, { schema }) : drizzlePg(pool!, { schema }),
    close: async () => {
      if (closed) return;
      closed = true;
      if (stillOpen(kept.handle)) idle.push(kept);
      else await kept.handle.close().catch(() => undefined);
    },
  };
}

const stillOpen = (handle: DatabaseHandle) =>
  handle.pglite ? !handle.pglite.closed : handle.pool ? !(handle.pool as { ended?: boolean }).ended : false;

/** Really closes (and on PostgreSQL drops) the databases kept for later files: scripts call it last. */
export async function closeIdleTestDatabases() {
  for (let kept = idle.pop(); kept; kept = idle.pop()) await kept.handle.close().catch(() => undefined);
}

/** The databases of one `vitest` run are named after it, so its global teardown drops them all. */
const testRunPrefix = (run = process.env.TEND_TEST_RUN ?? String(process.pid)) => `tend_test_${run}_`;

async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    const handle = await openDatabase({ template: await pgliteTemplate(), pgliteRuntime: await pgliteRuntime() });
    await handle.migrate(); // applies nothing when the template is current
    return handle;
  }
  const name = `${testRunPrefix()}${randomBytes(6).toString('hex')}`;
  await fromPostgresTemplate(url, name);
  // a loaded CI machine may take seconds for what takes milliseconds in production: the tests
  // wait longer than a server would (database-outage.test.ts checks the production limits)
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), timeouts: TEST_DATABASE_TIMEOUTS });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

export const TEST_DATABASE_TIMEOUTS = { connectMs: 30_000, statementMs: 60_000, answerMs: 60_000 };

/** Changes whenever a migration is added or edited. */
function migrationsFingerprint() {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * PGlite's WebAssembly compiled and its file bundle read once per test process rather than per
 * file: a third of the CPU time and half the wall time of opening each file's database.
 */
function pgliteRuntime() {
  perProcess.tendPgliteRuntime ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return {
      pgliteWasmModule: await WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm'))),
      fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]),
    };
  })();
  return perProcess.tendPgliteRuntime;
}

async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `tend-test-pglite-${migrationsFingerprint()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const handle = await openDatabase({});
  await handle.migrate();
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  // written aside and renamed: test files starting at once never read half a template
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/** One lock for every test process making or copying the template database. */
const TEMPLATE_LOCK = 7_213_500_002;

async function fromPostgresTemplate(url: string, name: string) {
  const template = `tend_template_${migrationsFingerprint()}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await client.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      await client.query(`create database ${template}`);
      const handle = await openDatabase({ databaseUrl: withDatabase(url, template) });
      await handle.migrate();
      await handle.close();
    }
    // the template must have no other session while it is copied, hence under the lock too
    await client.query(`create database ${name} template ${template}`);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** The same server's URL, for another database on it. */
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on its own connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
