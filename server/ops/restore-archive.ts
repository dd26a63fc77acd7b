import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tar from 'tar';
import {
  APP_SECRET_FILE,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  engineName,
  FILES_PREFIX,
  knownMigrations,
  listFiles,
  MANIFEST,
  type Manifest,
  OpsError,
  PGLITE_DUMP,
  SQL_DUMP,
} from './backup-shared';

/** Everything but files/ into `staging`; answers the checked manifest. */
export async function readBackup(file: string, staging: string): Promise<Manifest> {
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
      `${file} was written by a newer Tend (${manifest.tendVersion}, backup format ${manifest.formatVersion}): ` +
        'upgrade Tend, then restore.',
    );
  }
  if (manifest.engine !== 'pglite' && manifest.engine !== 'postgres')
    throw notBackup(`unknown engine '${manifest.engine}'`);
  const dump = manifest.engine === 'pglite' ? PGLITE_DUMP : SQL_DUMP;
  if (!existsSync(join(staging, dump))) throw notBackup(`the database (${dump}) is missing`);
  return manifest;
}

export function describeTarError(err: unknown) {
  const e = err as { code?: string; message?: string };
  if (e.code === 'TAR_BAD_ARCHIVE') return 'not a tar.gz archive';
  if (e.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(e.message ?? ''))
    return 'the archive ends too early (truncated)';
  if (e.code?.startsWith('Z_') || e.code === 'ZLIB_ERROR') return `the gzip data is corrupt (${e.message})`;
  return e.message ?? String(err);
}

export function checkCompatible(manifest: Manifest, engine: Manifest['engine']) {
  if (manifest.engine !== engine) {
    const how =
      engine === 'postgres'
        ? 'unset DATABASE_URL to restore it into PGlite (DATA_DIR)'
        : 'set DATABASE_URL to the PostgreSQL database to restore it into';
    throw new OpsError(
      `This is a backup of a ${engineName(manifest.engine)} database ` +
        `and this installation is configured for ${engineName(engine)}: ` +
        `a backup restores into the same engine only (${how}).`,
    );
  }
  const known = knownMigrations();
  if (!known.length) return;
  const newest = Math.max(...known.map((m) => m.when));
  const unknown = manifest.migrations.filter((m) => m.createdAt > newest);
  if (unknown.length) {
    throw new OpsError(
      `This backup comes from a newer Tend (${manifest.tendVersion}): ` +
        `its database has ${unknown.length} migration(s) this version does not know. ` +
        'Upgrade this installation first, then restore.',
    );
  }
}

export async function extractFiles(file: string, storageDir: string): Promise<number> {
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
