import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  APP_SECRET_FILE,
  countRows,
  type Counts,
  OpsError,
  PGLITE_DUMP,
  plural,
  type RestoreTarget,
} from './backup-shared';

/** Restoring into PGlite (DATA_DIR): the database folder and the app secret, the previous ones moved aside. */
export async function inspectPglite(dataDir: string): Promise<RestoreTarget> {
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

export async function restorePglite(
  dataDir: string,
  staging: string,
  suffix: string,
  movedAside: string[],
): Promise<Counts> {
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

export function restoreAppSecret(dataDir: string, staging: string, suffix: string, movedAside: string[]) {
  const target = join(dataDir, APP_SECRET_FILE);
  const secret = readFileSync(join(staging, APP_SECRET_FILE));
  if (existsSync(target)) {
    if (readFileSync(target).equals(secret)) return;
    renameSync(target, `${target}.${suffix}`);
    movedAside.push(`${target}.${suffix}`);
  }
  writeFileSync(target, secret, { mode: 0o600 });
}
