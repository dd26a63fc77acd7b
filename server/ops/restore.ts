/**
 * `npm run restore FILE [--force]`: brings a backup of backup.ts back into the configured
 * target (DATABASE_URL, or PGlite in DATA_DIR) and its files into the storage dir. The app's
 * migrations run when the server next starts, so an older backup restores into newer code.
 */
import { describeDatabaseUrl } from '../platform/database-url';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import * as tar from 'tar';
import type { Config } from '../config';
import {
  APP_SECRET_FILE,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  countRows,
  type Counts,
  databaseNameOf,
  engineName,
  engineOf,
  FILES_PREFIX,
  firstLines,
  hasAnyFile,
  knownMigrations,
  libpqEnv,
  listFiles,
  lockOrExplain,
  MANIFEST,
  type Manifest,
  OpsError,
  PGLITE_DUMP,
  plural,
  quoteIdent,
  runTool,
  SQL_DUMP,
  stamp,
} from './backup-shared';

export type RestoreResult = {
  engine: Manifest['engine'];
  manifest: Manifest;
  /** what the restored database holds */
  counts: Counts;
  /** files written into the storage dir */
  files: number;
  /** folders and files moved aside by --force */
  movedAside: string[];
  notes: string[];
};

export async function restoreBackup(opts: {
  config: Config;
  file: string;
  force?: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const { config } = opts;
  const force = opts.force ?? false;
  const file = resolve(opts.file);
  if (!existsSync(file)) throw new OpsError(`No such file: ${file}`);
  const suffix = `replaced-${stamp(opts.now ?? new Date())}`;

  const staging = await mkdtemp(join(tmpdir(), 'tend-restore-'));
  let release = () => {};
  try {
    const manifest = await readBackup(file, staging);
    const engine = engineOf(config);
    checkCompatible(manifest, engine);

    const notes: string[] = [];
    const localFiles = !config.s3;
    if (engine === 'pglite') release = lockOrExplain(config.dataDir, 'Stop the server first, then restore.');

    // every refusal comes before the first change
    const target =
      engine === 'pglite' ? await inspectPglite(config.dataDir) : await inspectPostgres(config.databaseUrl!, manifest);
    const filesInTheWay =
      localFiles && manifest.files.included && manifest.files.count > 0 && hasAnyFile(config.storageDir);
    if (!force && (target.occupied || filesInTheWay)) {
      const what = [
        target.occupied,
        filesInTheWay && `the storage dir ${config.storageDir} already holds files`,
      ].filter(Boolean);
      throw new OpsError(
        `The target is not empty: ${what.join('; ')}. Restore with --force to replace it (${target.forceEffect}).`,
      );
    }

    const movedAside: string[] = [];
    let counts: Counts;
    if (engine === 'pglite') {
      counts = await restorePglite(config.dataDir, staging, suffix, movedAside);
      if (manifest.appSecretFile) restoreAppSecret(config.dataDir, staging, suffix, movedAside);
    } else {
      counts = await restorePostgres(config.databaseUrl!, staging, manifest, force);
    }

    let files = 0;
    if (!manifest.files.included) {
      notes.push(
        `The backup's files were in the S3 bucket '${manifest.files.bucket}' and are not in it: ` +
          (config.s3
            ? `this installation reads the bucket '${config.s3.bucket}'.`
            : 'set S3_BUCKET (and its settings) to that bucket or a copy of it.'),
      );
    } else if (!localFiles && manifest.files.count > 0) {
      notes.push(
        `This installation stores files in the S3 bucket '${config.s3!.bucket}': the backup's ${manifest.files.count} files were not restored. ` +
          `Extract them (tar -xzf ${file} files/) and upload the contents of files/ to the bucket, keeping their paths.`,
      );
    } else if (manifest.files.count > 0) {
      if (filesInTheWay) {
        const aside = `${config.storageDir}.${suffix}`;
        renameSync(config.storageDir, aside);
        movedAside.push(aside);
      }
      files = await extractFiles(file, config.storageDir);
    }
    notes.push('Start the server: migrations newer than the backup, if any, are applied then.');
    return { engine, manifest, counts, files, movedAside, notes };
  } finally {
    release();
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Everything but files/ into `staging`; answers the checked manifest. */
async function readBackup(file: string, staging: string): Promise<Manifest> {
  const notBackup = (why: string) => new OpsError(`${file} is not a Tend backup, or it is damaged: ${why}.`);
  try {
    const wanted = new Set([MANIFEST, SQL_DUMP, PGLITE_DUMP, APP_SECRET_FILE]);
    await tar.extract({ file, cwd: staging, strict: true, filter: (path) => wanted.has(path) });
  } catch (err) {
    throw notBackup(describeTarError(err));
  }
  if (!existsSync(join(staging, MANIFEST))) throw notBackup(`it holds no ${MANIFEST}`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(staging, MANIFEST), 'utf8'));
  } catch {
    throw notBackup(`its ${MANIFEST} is not JSON`);
  }
  if (manifest?.format !== BACKUP_FORMAT) throw notBackup(`its ${MANIFEST} is not a Tend backup's`);
  if (!(manifest.formatVersion <= BACKUP_FORMAT_VERSION)) {
    throw new OpsError(
      `${file} was written by a newer Tend (${manifest.tendVersion}, backup format ${manifest.formatVersion}): upgrade Tend, then restore.`,
    );
  }
  if (manifest.engine !== 'pglite' && manifest.engine !== 'postgres')
    throw notBackup(`unknown engine '${manifest.engine}'`);
  const dump = manifest.engine === 'pglite' ? PGLITE_DUMP : SQL_DUMP;
  if (!existsSync(join(staging, dump))) throw notBackup(`the database (${dump}) is missing`);
  return manifest;
}

function describeTarError(err: unknown) {
  const e = err as { code?: string; message?: string };
  if (e.code === 'TAR_BAD_ARCHIVE') return 'not a tar.gz archive';
  if (e.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(e.message ?? ''))
    return 'the archive ends too early (truncated)';
  if (e.code?.startsWith('Z_') || e.code === 'ZLIB_ERROR') return `the gzip data is corrupt (${e.message})`;
  return e.message ?? String(err);
}

function checkCompatible(manifest: Manifest, engine: Manifest['engine']) {
  if (manifest.engine !== engine) {
    const how =
      engine === 'postgres'
        ? 'unset DATABASE_URL to restore it into PGlite (DATA_DIR)'
        : 'set DATABASE_URL to the PostgreSQL database to restore it into';
    throw new OpsError(
      `This is a backup of a ${engineName(manifest.engine)} database and this installation is configured for ${engineName(engine)}: ` +
        `a backup restores into the same engine only (${how}).`,
    );
  }
  const known = knownMigrations();
  if (!known.length) return;
  const newest = Math.max(...known.map((m) => m.when));
  const unknown = manifest.migrations.filter((m) => m.createdAt > newest);
  if (unknown.length) {
    throw new OpsError(
      `This backup comes from a newer Tend (${manifest.tendVersion}): its database has ${unknown.length} migration(s) this version does not know. ` +
        'Upgrade this installation first, then restore.',
    );
  }
}

type Target = { occupied: string | false; forceEffect: string };

// ---- PGlite ------------------------------------------------------------------------------------

async function inspectPglite(dataDir: string): Promise<Target> {
  const dbDir = join(dataDir, 'pglite');
  const forceEffect = `the database moves aside to ${dbDir}.replaced-<time>, and the files to files.replaced-<time>`;
  if (!existsSync(join(dbDir, 'PG_VERSION'))) return { occupied: false, forceEffect };
  let users: number;
  try {
    users = (await withPglite(dbDir, (client) => countRows((sql) => client.query(sql)))).users;
  } catch (err) {
    return { occupied: `${dbDir} holds a database that does not open (${(err as Error).message})`, forceEffect };
  }
  return { occupied: users > 0 && `${dbDir} already holds a database with ${plural(users, 'user')}`, forceEffect };
}

async function withPglite<T>(dbDir: string, fn: (client: PGlite) => Promise<T>, loadDataDir?: Blob): Promise<T> {
  const client = new PGlite(dbDir, { extensions: { pg_trgm }, loadDataDir });
  try {
    await client.waitReady;
    return await fn(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function restorePglite(dataDir: string, staging: string, suffix: string, movedAside: string[]): Promise<Counts> {
  const dbDir = join(dataDir, 'pglite');
  let aside: string | undefined;
  if (existsSync(dbDir)) {
    aside = `${dbDir}.${suffix}`;
    renameSync(dbDir, aside);
  }
  try {
    mkdirSync(dbDir, { recursive: true });
    const dump = new Blob([readFileSync(join(staging, PGLITE_DUMP))]);
    const counts = await withPglite(dbDir, (client) => countRows((sql) => client.query(sql)), dump);
    if (aside) movedAside.push(aside);
    return counts;
  } catch (err) {
    // put the previous database back
    rmSync(dbDir, { recursive: true, force: true });
    if (aside) renameSync(aside, dbDir);
    throw new OpsError(`PGlite could not load the backup's database: ${(err as Error).message}`);
  }
}

function restoreAppSecret(dataDir: string, staging: string, suffix: string, movedAside: string[]) {
  const target = join(dataDir, APP_SECRET_FILE);
  const secret = readFileSync(join(staging, APP_SECRET_FILE));
  if (existsSync(target)) {
    if (readFileSync(target).equals(secret)) return;
    renameSync(target, `${target}.${suffix}`);
    movedAside.push(`${target}.${suffix}`);
  }
  writeFileSync(target, secret, { mode: 0o600 });
}

// ---- PostgreSQL --------------------------------------------------------------------------------

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

async function inspectPostgres(databaseUrl: string, _manifest: Manifest): Promise<Target> {
  const name = databaseNameOf(databaseUrl);
  const replaced = REPLACED_SCHEMAS;
  const forceEffect = `it drops schema public (and ${replaced.join(', ')}) of database ${name}, in the same transaction that loads the backup`;
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
async function restorePostgres(
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

// ---- files -------------------------------------------------------------------------------------

async function extractFiles(file: string, storageDir: string): Promise<number> {
  mkdirSync(storageDir, { recursive: true });
  try {
    await tar.extract({
      file,
      cwd: storageDir,
      strip: 1,
      strict: true,
      filter: (path) => path.startsWith(FILES_PREFIX),
    });
  } catch (err) {
    throw new OpsError(`Restoring the files into ${storageDir} failed: ${describeTarError(err)}`);
  }
  return (await listFiles(storageDir)).length;
}
