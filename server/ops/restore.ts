/**
 * `npm run restore FILE [--force]`: brings a backup of backup.ts back into the configured
 * target (DATABASE_URL, or PGlite in DATA_DIR) and its files into the storage dir. The app's
 * migrations run when the server next starts, so an older backup restores into newer code.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Config } from '../config';
import { type Counts, engineOf, hasAnyFile, lockOrExplain, type Manifest, OpsError, stamp } from './backup-shared';
import { checkCompatible, extractFiles, readBackup } from './restore-archive';
import { inspectPglite, restoreAppSecret, restorePglite } from './restore-pglite';
import { inspectPostgres, restorePostgres } from './restore-postgres';

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
        `This installation stores files in the S3 bucket '${config.s3!.bucket}': ` +
          `the backup's ${manifest.files.count} files were not restored. ` +
          `Extract them (tar -xzf ${file} files/) ` +
          'and upload the contents of files/ to the bucket, keeping their paths.',
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
