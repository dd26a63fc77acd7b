import { join } from 'node:path';
import pg from 'pg';
import { describeDatabaseUrl } from '../platform/database-url';
import {
  countRows,
  type Counts,
  databaseNameOf,
  firstLines,
  libpqEnv,
  type Manifest,
  OpsError,
  plural,
  quoteIdent,
  type RestoreTarget,
  runTool,
  SQL_DUMP,
} from './backup-shared';

/**
 * Schemas a --force restore drops besides public (recreated empty): drizzle's and pg-boss's. A
 * fixed list, never one read from the archive, so a doctored manifest cannot name others.
 */
const REPLACED_SCHEMAS = ['drizzle', 'pgboss'];

async function connect(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'tend-restore' });
  try {
    await client.connect();
  } catch (err) {
    const e = err as { code?: string; message: string };
    const hint = e.code === '3D000' ? `. Create it first (createdb ${databaseNameOf(databaseUrl)}).` : '';
    throw new OpsError(`Cannot connect to PostgreSQL at ${describeDatabaseUrl(databaseUrl)}: ${e.message}${hint}`);
  }
  return client;
}

export async function inspectPostgres(databaseUrl: string, _manifest: Manifest): Promise<RestoreTarget> {
  const name = databaseNameOf(databaseUrl);
  const replaced = REPLACED_SCHEMAS;
  const forceEffect =
    `it drops schema public (and ${replaced.join(', ')}) of database ${name}, ` +
    'in the same transaction that loads the backup';
  const client = await connect(databaseUrl);
  try {
    const tables = Number(
      (await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0].n,
    );
    const present = (
      await client.query('select nspname from pg_namespace where nspname = any($1::text[]) order by nspname', [
        replaced,
      ])
    ).rows.map((r) => String(r.nspname));
    if (!tables && !present.length) return { occupied: false, forceEffect };
    const { users } = await countRows((sql) => client.query(sql));
    const parts = [
      tables && `${plural(tables, 'table')} in schema public${users ? ` (${plural(users, 'user')})` : ''}`,
      present.length && `schema ${present.join(', ')}`,
    ].filter(Boolean);
    return { occupied: `the database ${name} already has ${parts.join(' and ')}`, forceEffect };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * psql loads the plain dump in one transaction together with the --force drops: a failure
 * anywhere leaves the database as it was.
 */
export async function restorePostgres(
  databaseUrl: string,
  staging: string,
  manifest: Manifest,
  force: boolean,
): Promise<Counts> {
  const prepare = force
    ? [
        'drop schema if exists public cascade',
        'create schema public',
        'grant usage on schema public to public',
        ...REPLACED_SCHEMAS.map((s) => `drop schema if exists ${quoteIdent(s)} cascade`),
      ].join('; ')
    : 'select 1';
  const run = await runTool(
    'psql',
    [
      '-X',
      '--quiet',
      '--no-psqlrc',
      '--set',
      'ON_ERROR_STOP=1',
      '--single-transaction',
      '--command',
      prepare,
      '--file',
      join(staging, SQL_DUMP),
    ],
    {
      env: libpqEnv(databaseUrl),
      serverMajor: Number(/^(\d+)/.exec(manifest.database.pgDumpVersion ?? '')?.[1]) || undefined,
    },
  );
  if (run.code !== 0) {
    throw new OpsError(
      `Loading the dump into ${databaseNameOf(databaseUrl)} failed, nothing was changed: ${firstLines(run.stderr)}` +
        (manifest.database.pgDumpVersion
          ? ` (the dump was written by pg_dump ${manifest.database.pgDumpVersion}; use psql of that version or newer)`
          : ''),
    );
  }
  const client = await connect(databaseUrl);
  try {
    return await countRows((sql) => client.query(sql));
  } finally {
    await client.end().catch(() => undefined);
  }
}
