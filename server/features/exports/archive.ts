import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Executor } from '../../db/client';
import type { ObjectStorage } from '../../platform/storage';
import { ARCHIVE_FORMAT_VERSION, archiveReadme } from './archive-readme';
import { csvText, jsonLines, tableRows } from './archive-rows';
import { ARCHIVE_TABLES, type ArchiveScope } from './archive-tables';

export type ManifestFile = { bytes: number; sha256: string; rows?: number };
export type Manifest = {
  format: 'tend-export';
  formatVersion: number;
  scope: ArchiveScope['kind'];
  facilitatorId: string | null;
  generatedAt: string;
  counts: Record<string, number>;
  files: Record<string, ManifestFile>;
};

type WriteOptions = {
  db: Executor;
  storage: ObjectStorage;
  scope: ArchiveScope;
  key: string;
  /** called with a percentage after each part */
  onProgress?: (percent: number) => Promise<void>;
};

/**
 * Writes the archive of `scope` into storage under `key` as it is made: each entry is read (a page
 * of rows, a stored file) only when the ZIP stream reaches it, so memory stays bounded whatever
 * the size of the business. Answers the stored size and the manifest.
 */
export async function writeArchive({ db, storage, scope, key, onProgress }: WriteOptions) {
  const zip = new ZipFile();
  const manifest: Manifest = {
    format: 'tend-export',
    formatVersion: ARCHIVE_FORMAT_VERSION,
    scope: scope.kind,
    facilitatorId: scope.kind === 'business' ? scope.facilitatorId : null,
    generatedAt: new Date().toISOString(),
    counts: {},
    files: {},
  };
  const output = zip.outputStream as Readable;
  const stored = storage.put(key, output, 'application/zip');
  // a storage failure ends the writing at once (nothing would read the rest)
  let storeFailed: ((err: unknown) => void) | undefined;
  const storeFailure = new Promise<never>((_, reject) => {
    storeFailed = reject;
  });
  stored.catch((err) => storeFailed?.(err));
  storeFailure.catch(() => undefined);

  /** Adds one entry and waits until the ZIP has read it whole, recording its size and hash. */
  const add = (path: string, body: () => Readable, compress = true, rows?: () => number) =>
    Promise.race([
      storeFailure,
      new Promise<void>((resolve, reject) => {
        const hash = createHash('sha256');
        let bytes = 0;
        const measure = new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            bytes += chunk.length;
            done(null, chunk);
          },
          flush(done) {
            manifest.files[path] = { bytes, sha256: hash.digest('hex'), ...(rows && { rows: rows() }) };
            done();
            resolve();
          },
        });
        zip.addReadStreamLazy(path, { compress }, (cb) => {
          const source = body();
          source.on('error', (err) => {
            measure.destroy(err);
            reject(err);
          });
          cb(null, source.pipe(measure));
        });
      }),
    ]);

  const tables = ARCHIVE_TABLES.filter((t) => scope.kind === 'site' || !t.siteOnly);
  const parts = tables.length + 1;
  let done = 0;
  const step = async () => {
    done++;
    await onProgress?.(Math.min(99, Math.floor((done / parts) * 100)));
  };

  try {
    await add('README.md', () => Readable.from([archiveReadme()]));
    for (const table of tables) {
      const counted = { rows: 0 };
      await add(`${table.name}.csv`, () => Readable.from(csvText(db, table, scope)));
      await add(
        `${table.name}.jsonl`,
        () => Readable.from(jsonLines(db, table, scope, counted)),
        true,
        () => counted.rows,
      );
      manifest.counts[table.name] = counted.rows;
      await step();
    }
    // the files themselves, in the order of files.csv; audio, video and images are compressed already
    const files = ARCHIVE_TABLES.find((t) => t.name === 'files')!;
    for await (const page of tableRows(db, files, scope)) {
      for (const row of page) {
        const [archivePath, storageKey] = row as [string, string];
        const object = await storage.get(storageKey);
        if (!object) continue;
        await add(archivePath, () => object.stream, false);
      }
    }
    manifest.counts.filesCopied = Object.keys(manifest.files).filter((p) => p.startsWith('files/')).length;
    await step();
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'manifest.json');
    zip.end();
    const { size } = await stored;
    return { size, manifest };
  } catch (err) {
    output.destroy(err as Error);
    await stored.catch(() => undefined);
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}
