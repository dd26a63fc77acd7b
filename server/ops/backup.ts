/**
 * `npm run backup`: one file, tend-backup-YYYYMMDD-HHMMSS.tar.gz, holding
 *   manifest.json           what this is (see Manifest in backup-shared.ts)
 *   database.sql            PostgreSQL: pg_dump --format=plain --no-owner --no-privileges
 *   pglite-datadir.tar.gz   PGlite: its own dump of the data directory (dumpDataDir)
 *   app-secret              PGlite: DATA_DIR/app-secret, when there is one
 *   files/...               every file of the storage dir (not with S3: the bucket is backed up apart)
 */
import { describeDatabaseUrl } from '../platform/database-url';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import * as tar from 'tar';
import type { Config } from '../config';
import {
  APP_SECRET_FILE,
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  clientToolsHint,
  countRows,
  databaseNameOf,
  engineOf,
  FILES_PREFIX,
  firstLines,
  libpqEnv,
  listFiles,
  lockOrExplain,
  majorOf,
  MANIFEST,
  type Manifest,
  OpsError,
  PGLITE_DUMP,
  runTool,
  SQL_DUMP,
  stamp,
  tendVersion,
  toolVersion,
} from './backup-shared';

export type BackupResult = {
  /** the archive written */
  file: string;
  /** its size in bytes */
  size: number;
  manifest: Manifest;
  /** things the operator must know (S3 files not included) */
  notes: string[];
};

export const backupFileName = (date: Date) => `tend-backup-${stamp(date)}.tar.gz`;

/** `out`: a folder (default ./backups) or a file name ending in .tar.gz / .tgz. */
export function backupTarget(out: string | undefined, date: Date) {
  if (out && /\.(tar\.gz|tgz)$/i.test(out)) return resolve(out);
  return resolve(out ?? 'backups', backupFileName(date));
}

export async function createBackup(opts: { config: Config; out?: string; now?: Date }): Promise<BackupResult> {
  const { config } = opts;
  const now = opts.now ?? new Date();
  const file = backupTarget(opts.out, now);
  if (existsSync(file)) throw new OpsError(`${file} already exists; choose another --out.`);
  mkdirSync(dirname(file), { recursive: true });
  // the database dump is staged next to the archive: same disk, not a small /tmp
  const staging = await mkdtemp(join(dirname(file), '.tend-backup-'));
  const partial = `${file}.partial`;
  try {
    const engine = engineOf(config);
    const db =
      engine === 'postgres'
        ? await dumpPostgres(config.databaseUrl!, staging)
        : await dumpPglite(config.dataDir, staging);

    const notes: string[] = [];
    let files: Manifest['files'];
    let storageFiles: Awaited<ReturnType<typeof listFiles>> = [];
    if (config.s3) {
      files = { included: false, storage: 's3', bucket: config.s3.bucket, count: 0, bytes: 0 };
      notes.push(
        `Uploaded files live in the S3 bucket '${config.s3.bucket}' and are not in this backup: ` +
          "back the bucket up with the provider's own tools (versioning, replication or a bucket copy).",
      );
    } else {
      // listed after the dump: every file a dumped row points to was stored before the row
      storageFiles = await listFiles(config.storageDir);
      files = {
        included: true,
        storage: 'local',
        count: storageFiles.length,
        bytes: storageFiles.reduce((n, f) => n + f.size, 0),
      };
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      tendVersion: tendVersion(),
      engine,
      database: db.database,
      migrations: db.migrations,
      counts: db.counts,
      files,
      appSecretFile: db.appSecretFile,
    };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    // manifest first, so a restore reads it before anything else
    const staged = [MANIFEST, manifest.database.file, ...(db.appSecretFile ? [APP_SECRET_FILE] : [])];
    const archivePath = new Map<string, string>();
    for (const f of storageFiles) archivePath.set(slashes(f.absolute), FILES_PREFIX + f.relative);
    const warnings: string[] = [];
    await tar.create(
      {
        file: partial,
        // it holds the app secret, password hashes and emails: readable by its owner only
        mode: 0o600,
        cwd: staging,
        gzip: true,
        portable: true,
        // a storage file is added by its absolute path and named files/<its path in the storage dir>
        onWriteEntry: (entry) => {
          const name = archivePath.get(slashes(entry.absolute));
          if (name) entry.path = name;
        },
        onwarn: (code, message) => {
          if (code !== 'TAR_ENTRY_INFO') warnings.push(`${code}: ${message}`);
        },
      },
      [...staged, ...storageFiles.map((f) => f.absolute)],
    );
    if (warnings.length) throw new OpsError(`Writing the archive failed: ${warnings[0]}`);
    renameSync(partial, file);
    return { file, size: statSync(file).size, manifest, notes };
  } catch (err) {
    rmSync(partial, { force: true });
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !(err instanceof OpsError)) {
      throw new OpsError(
        `A file disappeared while it was being backed up (${(err as Error).message}); run the backup again.`,
      );
    }
    throw err;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const slashes = (p: string) => p.replace(/\\/g, '/');

type DumpedDatabase = Pick<Manifest, 'database' | 'migrations' | 'counts' | 'appSecretFile'>;

/**
 * pg_dump under one exported snapshot, so the manifest's counts and migrations describe exactly
 * the dumped data. Consistent while the server runs: nothing needs stopping.
 */
async function dumpPostgres(databaseUrl: string, staging: string): Promise<DumpedDatabase> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'tend-backup' });
  try {
    await client.connect();
  } catch (err) {
    throw new OpsError(
      `Cannot connect to PostgreSQL at ${describeDatabaseUrl(databaseUrl)}: ${(err as Error).message}`,
    );
  }
  try {
    const serverVersion = String((await client.query('show server_version')).rows[0].server_version).split(' ')[0]!;
    const serverMajor = majorOf(serverVersion);
    const pgDumpVersion = await toolVersion('pg_dump');
    if (!pgDumpVersion) throw new OpsError(clientToolsHint('pg_dump', serverMajor));
    if (majorOf(pgDumpVersion) < serverMajor) {
      throw new OpsError(
        `pg_dump ${pgDumpVersion} cannot dump a PostgreSQL ${serverVersion} server: ` +
          `install postgresql-client-${serverMajor} (or newer) and put it first on PATH.`,
      );
    }

    await client.query('begin isolation level repeatable read read only');
    const snapshot = String((await client.query('select pg_export_snapshot() as id')).rows[0].id);
    const query = (sql: string) => client.query(sql);
    const migrations = await appliedMigrations(query);
    const counts = await countRows(query);
    const schemas = (
      await client.query(
        `select nspname from pg_namespace
          where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'
          order by nspname`,
      )
    ).rows.map((r) => String(r.nspname));

    const run = await runTool(
      'pg_dump',
      [
        '--format=plain',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${join(staging, SQL_DUMP)}`,
      ],
      { env: libpqEnv(databaseUrl), serverMajor },
    );
    if (run.code !== 0)
      throw new OpsError(`pg_dump failed on database ${databaseNameOf(databaseUrl)}: ${firstLines(run.stderr)}`);
    await client.query('commit');
    return {
      database: { file: SQL_DUMP, serverVersion, pgDumpVersion, schemas },
      migrations,
      counts,
      appSecretFile: false,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PGlite's data directory belongs to one process: the backup takes the same lock the server
 * does, so it refuses while a server runs (copying the folder under a live PGlite could catch
 * half-written pages), and a server cannot start while the backup reads.
 */
async function dumpPglite(dataDir: string, staging: string): Promise<DumpedDatabase> {
  if (!dataDir) throw new OpsError('DATA_DIR is not set: there is no PGlite database to back up.');
  const dbDir = join(dataDir, 'pglite');
  if (!existsSync(join(dbDir, 'PG_VERSION'))) {
    throw new OpsError(
      `There is no PGlite database in ${dbDir}: nothing to back up (set DATABASE_URL to back up PostgreSQL).`,
    );
  }
  const release = lockOrExplain(dataDir, 'Stop the server first, or back up from PostgreSQL.');
  try {
    const client = new PGlite(dbDir, { extensions: { pg_trgm } });
    let migrations: Manifest['migrations'];
    let counts: Manifest['counts'];
    try {
      await client.waitReady;
      // write everything to the data files, so the copy needs no WAL replay
      await client.exec('checkpoint');
      const query = (sql: string) => client.query<Record<string, unknown>>(sql);
      migrations = await appliedMigrations(query);
      counts = await countRows(query);
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
    const secret = join(dataDir, APP_SECRET_FILE);
    const appSecretFile = existsSync(secret);
    if (appSecretFile) copyFileSync(secret, join(staging, APP_SECRET_FILE));
    return {
      database: { file: PGLITE_DUMP, pgVersion: readFileSync(join(dbDir, 'PG_VERSION'), 'utf8').trim() },
      migrations,
      counts,
      appSecretFile,
    };
  } finally {
    release();
  }
}
