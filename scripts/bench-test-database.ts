/**
 * What a test file pays for its database: `createTestDatabase()` on PGlite and
 * on PostgreSQL, the first call (which builds the migrated template and copies it) and the
 * following ones (the database the previous call closed, emptied and lent again), against migrating
 * a fresh database as every file once did; then a whole test app (`startTestApp`: database,
 * mailbox, buildApp, ready), whose database has pg-boss's queues from the app before it.
 *   npx tsx scripts/bench-test-database.ts [rounds=5]
 * PostgreSQL is measured when TEST_DATABASE_URL is set (or the CI one answers):
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench-test-database.ts
 * The first PGlite call gets a temp folder of its own (no template yet); the first PostgreSQL call
 * drops the template database (under the lock the test processes take) so that it is rebuilt.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { adminQuery, closeIdleTestDatabases, createTestDatabase, withDatabase } from '../server/test/database';
import { startTestApp } from '../server/test/harness';

const rounds = Number(process.argv[2] ?? 5);
const postgresUrl = process.env.TEST_DATABASE_URL;

const ms = (n: number) => `${Math.round(n)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await run();
  return [performance.now() - started, value];
}

/** createTestDatabase() `rounds + 1` times: the first builds the template, the others copy it. */
async function measureTemplate(label: string) {
  const times: number[] = [];
  for (let i = 0; i <= rounds; i++) {
    const [took, handle] = await timed(() => createTestDatabase());
    times.push(took);
    await handle.close();
  }
  const [first, ...following] = times;
  console.log(
    `${label}: createTestDatabase first (template build and copy) ${ms(first!)}, following (the last one emptied) median ${ms(median(following))} (${following.map(ms).join(', ')})`,
  );
}

/** What a test file paid before the template database: it migrated a fresh database of its own. */
async function measureFreshMigration(
  label: string,
  open: () => Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }>,
) {
  const times: number[] = [];
  for (let i = 0; i < Math.min(rounds, 3); i++) {
    const [took, opened] = await timed(async () => {
      const opened = await open();
      await opened.handle.migrate();
      return opened;
    });
    times.push(took);
    await opened.handle.close();
    await opened.drop();
  }
  console.log(`${label}: a fresh database migrated (before) median ${ms(median(times))} (${times.map(ms).join(', ')})`);
}

/** The floor: an empty in-memory PGlite, neither migrated nor loaded from a template. */
async function measureEmptyPglite() {
  const times: number[] = [];
  for (let i = 0; i < Math.min(rounds, 3); i++) {
    const [took, handle] = await timed(() => openDatabase({}));
    times.push(took);
    await handle.close();
  }
  console.log(`pglite: an empty database opened (the floor) median ${ms(median(times))} (${times.map(ms).join(', ')})`);
}

async function measureApp(label: string) {
  const times: number[] = [];
  for (let i = 0; i < Math.min(rounds, 3); i++) {
    const [took, t] = await timed(() => startTestApp());
    times.push(took);
    await t.close();
  }
  console.log(
    `${label}: startTestApp (database + mailbox + buildApp + ready) median ${ms(median(times))} (${times.map(ms).join(', ')})`,
  );
}

// PGlite: a temp folder of our own, so the first call finds no template
const ownTmp = mkdtempSync(join(tmpdir(), 'tend-bench-db-'));
const givenTmp = process.env.TMPDIR;
process.env.TMPDIR = ownTmp;
delete process.env.TEST_DB;
try {
  await measureTemplate('pglite');
  await measureFreshMigration('pglite', async () => ({ handle: await openDatabase({}), drop: async () => {} }));
  await measureEmptyPglite();
  await measureApp('pglite');
  await closeIdleTestDatabases();
} finally {
  if (givenTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = givenTmp;
  rmSync(ownTmp, { recursive: true, force: true });
}

if (postgresUrl) {
  process.env.TEST_DB = 'postgres';
  process.env.TEST_DATABASE_URL = postgresUrl;
  await dropPostgresTemplates(postgresUrl);
  await measureTemplate('postgres');
  await measureFreshMigration('postgres', async () => {
    const name = `tend_bench_${randomBytes(4).toString('hex')}`;
    await adminQuery(postgresUrl, `create database ${name}`);
    return {
      handle: await openDatabase({ databaseUrl: withDatabase(postgresUrl, name) }),
      drop: () => adminQuery(postgresUrl, `drop database if exists ${name} with (force)`),
    };
  });
  await measureApp('postgres');
  await closeIdleTestDatabases();
} else {
  console.log('postgres: skipped (set TEST_DATABASE_URL)');
}

/** The template databases, dropped under the lock createTestDatabase takes: the next call rebuilds one. */
async function dropPostgresTemplates(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [7_213_500_002]);
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'tend\\_template\\_%'",
    );
    for (const { datname } of rows) await client.query(`drop database ${datname} with (force)`);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [7_213_500_002]).catch(() => undefined);
    await client.end();
  }
}
