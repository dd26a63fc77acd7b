/**
 * What `npm run backup` and `npm run restore` share: the archive's manifest, the PostgreSQL
 * client tools (pg_dump, psql) and the few queries both ask of a database.
 */
import { ConfigError } from '../config';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirLockedError, lockDataDir, migrationsFolder } from '../db/client';

export const BACKUP_FORMAT = 'tend-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const SQL_DUMP = 'database.sql';
export const PGLITE_DUMP = 'pglite-datadir.tar.gz';
export const APP_SECRET_FILE = 'app-secret';
/** Archive folder holding every file of the storage dir. */
export const FILES_PREFIX = 'files/';

export type Engine = 'pglite' | 'postgres';

export type AppliedMigration = { tag: string | null; createdAt: number; hash: string };
export type Counts = { users: number; posts: number; mediaFiles: number };

/** What a restore found in its target: why it is not empty (or false), and what --force would do. */
export type RestoreTarget = { occupied: string | false; forceEffect: string };

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  tendVersion: string;
  engine: Engine;
  database: {
    file: typeof SQL_DUMP | typeof PGLITE_DUMP;
    /** PostgreSQL: the server's version and the pg_dump that wrote the dump */
    serverVersion?: string;
    pgDumpVersion?: string;
    /** PostgreSQL: the schemas the dump creates besides public */
    schemas?: string[];
    /** PGlite: PG_VERSION of the data directory */
    pgVersion?: string;
  };
  /** drizzle's __drizzle_migrations, oldest first (tag from this version's journal) */
  migrations: AppliedMigration[];
  counts: Counts;
  files:
    | { included: true; storage: 'local'; count: number; bytes: number }
    | { included: false; storage: 's3'; bucket: string; count: 0; bytes: 0 };
  /** PGlite: DATA_DIR/app-secret (the app secret of versions before it moved into the database) */
  appSecretFile: boolean;
};

/** A failure to show as it is: one clear line, no stack. */
/** A command line the program cannot read: the usage is printed with it. */
export class UsageError extends Error {}

export class OpsError extends Error {
  override name = 'OpsError';
}

export const engineOf = (config: { databaseUrl?: string }): Engine => (config.databaseUrl ? 'postgres' : 'pglite');
export const engineName = (engine: Engine) => (engine === 'pglite' ? 'PGlite' : 'PostgreSQL');

/** package.json's version, found upwards from this module (server/ops/ and dist/server/ alike). */
export function tendVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8'));
        if (pkg.name === 'tend') return String(pkg.version);
      } catch {
        /* keep looking */
      }
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

/** This version's migrations (tag and `when`), or [] when the journal cannot be read. */
export function knownMigrations(): { tag: string; when: number }[] {
  try {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    return (journal.entries as { tag: string; when: number }[]).map((e) => ({ tag: e.tag, when: Number(e.when) }));
  } catch {
    return [];
  }
}

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Rows of drizzle's bookkeeping table; tags come from the journal (created_at = journal `when`). */
export async function appliedMigrations(query: Query): Promise<AppliedMigration[]> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists.rows[0]?.present) return [];
  const { rows } = await query('select hash, created_at from drizzle.__drizzle_migrations order by created_at, id');
  const tags = new Map(knownMigrations().map((m) => [m.when, m.tag]));
  return rows.map((r) => {
    const createdAt = Number(r.created_at);
    return { tag: tags.get(createdAt) ?? null, createdAt, hash: String(r.hash) };
  });
}

/** Users, posts and media files (0 for a table that is not there). */
export async function countRows(query: Query): Promise<Counts> {
  const count = async (table: string) => {
    const exists = await query(`select to_regclass('public.${table}') is not null as present`);
    if (!exists.rows[0]?.present) return 0;
    const { rows } = await query(`select count(*)::int as n from public.${table}`);
    return Number(rows[0]?.n ?? 0);
  };
  return { users: await count('users'), posts: await count('posts'), mediaFiles: await count('media_files') };
}

/** Every regular file under `root` (none when it does not exist), with its path relative to root in '/' form. */
export async function listFiles(root: string): Promise<{ absolute: string; relative: string; size: number }[]> {
  if (!existsSync(root)) return [];
  const found: { absolute: string; relative: string; size: number }[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const absolute = join(dir, entry.name);
      if (entry.isDirectory()) await walk(absolute);
      else if (entry.isFile()) {
        const stat = await lstat(absolute);
        found.push({ absolute, relative: relative(root, absolute).split('\\').join('/'), size: stat.size });
      }
    }
  };
  await walk(root);
  return found.sort((a, b) => a.relative.localeCompare(b.relative));
}

export const hasAnyFile = (root: string) => {
  if (!existsSync(root)) return false;
  return readdirSync(root, { recursive: true, withFileTypes: true }).some((e) => e.isFile());
};

/** 20250102-030405 (UTC) */
export const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** 1 user, 2 users */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

// ---- PostgreSQL client tools -------------------------------------------------------------

/**
 * The connection as libpq environment variables, so the password never shows in a process
 * list and pg-only URL options (`ssl=true`) do not trip libpq.
 */
export function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: 'tend-ops' };
  for (const key of ['PGSERVICE', 'PGSERVICEFILE', 'PGOPTIONS']) delete env[key];
  const params = url.searchParams;
  const host = params.get('host') ?? url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host) env.PGHOST = decodeURIComponent(host);
  if (url.port || params.get('port')) env.PGPORT = url.port || params.get('port')!;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  else if (params.get('user')) env.PGUSER = params.get('user')!;
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  else if (params.get('password')) env.PGPASSWORD = params.get('password')!;
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const ssl = params.get('ssl');
  const sslmode = params.get('sslmode') ?? (ssl === 'true' || ssl === '1' ? 'require' : undefined);
  if (sslmode) env.PGSSLMODE = sslmode === 'no-verify' ? 'require' : sslmode;
  if (params.get('sslrootcert')) env.PGSSLROOTCERT = params.get('sslrootcert')!;
  if (params.get('sslcert')) env.PGSSLCERT = params.get('sslcert')!;
  if (params.get('sslkey')) env.PGSSLKEY = params.get('sslkey')!;
  return env;
}

export const databaseNameOf = (databaseUrl: string) =>
  decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || '(default)';

/** The URL with its password hidden, for messages. */
export const majorOf = (version: string) => Number(/(\d+)/.exec(version)?.[1] ?? 0);

export function clientToolsHint(tool: string, serverMajor?: number) {
  const v = serverMajor ? `${serverMajor} or newer` : "of the server's version or newer";
  const pkg = serverMajor ? `postgresql-client-${serverMajor}` : 'postgresql-client';
  return (
    `${tool} was not found. Install the PostgreSQL client tools, version ${v} ` +
    `(Debian/Ubuntu: apt install ${pkg}; Alpine: apk add postgresql${serverMajor ?? ''}-client; ` +
    'macOS: brew install libpq), ' +
    'or put their bin folder on PATH.'
  );
}

export type ToolRun = { code: number; stdout: string; stderr: string };

/** Runs a client tool; rejects with a clear message when it is not installed. */
export function runTool(
  tool: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; serverMajor?: number; captureStdout?: boolean } = {},
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: opts.env ?? process.env,
      stdio: ['ignore', opts.captureStdout ? 'pipe' : 'ignore', 'pipe'],
      windowsHide: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => {
      // keep the start (the first error is the useful one) without growing without bound
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'ENOENT' ? new OpsError(clientToolsHint(tool, opts.serverMajor)) : err);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** `pg_dump --version` -> '15.20', or undefined when it is missing. */
export async function toolVersion(tool: string): Promise<string | undefined> {
  try {
    const run = await runTool(tool, ['--version'], { captureStdout: true });
    return /(\d+(?:\.\d+)?)/.exec(run.stdout)?.[1];
  } catch (err) {
    if (err instanceof OpsError) return undefined;
    throw err;
  }
}

/** The first few meaningful lines of a tool's stderr, joined into one. */
export const firstLines = (stderr: string, n = 3) =>
  stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, n)
    .join(' / ');

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The DATA_DIR lock a server holds (db/client.ts), or a message saying what to do. */
export function lockOrExplain(dataDir: string, advice: string): () => void {
  try {
    mkdirSync(dataDir, { recursive: true });
    return lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const pid = /pid (\d+)/.exec(err.message)?.[1];
    throw new OpsError(
      `A Tend server${pid ? ` (pid ${pid})` : ''} is running on the data directory ${dataDir}. ${advice}`,
    );
  }
}

/**
 * How the backup and restore programs end on an error: a usage error prints the usage (exit 2),
 * a known one its message, anything else '<what> failed: ...' (exit 1).
 */
export function exitOnError(what: string, usage: string) {
  return (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n${usage}`);
      process.exit(2);
    }
    const known = err instanceof OpsError || err instanceof ConfigError;
    console.error(known ? (err as Error).message : `${what} failed: ${(err as Error)?.message ?? err}`);
    process.exit(1);
  };
}
