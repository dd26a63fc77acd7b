import { PassThrough, type Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { MEDIA_MAX_BYTES } from '../../../common/uploads/schemas';
import { fail } from '../../platform/errors';
import type { ObjectStorage } from '../../platform/storage';

/** The most entries a ZIP may list: a bomb of tiny entries is refused before any is read. */
const MAX_ENTRIES = 2000;
const CSV_MAX_BYTES = 1024 * 1024;

/** A ZIP in object storage read by ranges, so a large archive is never held in memory. */
class StorageReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly key: string,
  ) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.storage
      .get(this.key, { start, end: end - 1 })
      .then((obj) => {
        if (!obj) return out.destroy(fail(400, 'zip_unreadable'));
        obj.stream.on('error', (err) => out.destroy(err));
        obj.stream.pipe(out);
      })
      .catch((err) => out.destroy(err));
    return out;
  }
}

async function openZip(storage: ObjectStorage, key: string): Promise<ZipFile> {
  const size = await storage.size(key);
  if (!size) throw fail(400, 'zip_unreadable');
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new StorageReader(storage, key),
      size,
      // names are checked here (a bad one is one refused item, not a refused archive)
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (err, zip) => (err || !zip ? reject(fail(400, 'zip_unreadable')) : resolve(zip)),
    );
  });
}

const nameOf = (entry: Entry) => {
  const raw = entry.fileName as unknown as Buffer;
  // bit 11: the name is UTF-8; older archivers wrote CP437, read here as Latin-1
  return raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
};

/** A name that stays inside the archive's folder: no absolute path, drive, or `..` part. */
export const isSafeEntryName = (name: string) =>
  name.length > 0 &&
  !name.includes('\0') &&
  !/^([/\\]|[a-zA-Z]:)/.test(name) &&
  !name.split(/[/\\]/).some((part) => part === '..');

const skipped = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').some((p) => p.startsWith('.') && p !== '..');

async function eachEntry(zip: ZipFile, visit: (entry: Entry, name: string) => Promise<boolean | undefined>) {
  await new Promise<void>((resolve, reject) => {
    zip.on('error', () => reject(fail(400, 'zip_unreadable')));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      visit(entry, nameOf(entry)).then((stop) => (stop ? resolve() : zip.readEntry()), reject);
    });
    zip.readEntry();
  });
}

const streamOf = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(fail(400, 'zip_unreadable')) : resolve(stream),
    ),
  );

export type CsvRow = { title?: string; day?: number; description?: string };

/** The archive's files (folders and hidden files left out) and its CSV of titles and days, if any. */
export async function listZip(storage: ObjectStorage, key: string) {
  const zip = await openZip(storage, key);
  try {
    if (zip.entryCount > MAX_ENTRIES) throw fail(400, 'zip_unreadable');
    const files: { name: string; safe: boolean; tooLarge: boolean }[] = [];
    let csv: Map<string, CsvRow> | undefined;
    await eachEntry(zip, async (entry, name) => {
      if (skipped(name)) return undefined;
      const safe = isSafeEntryName(name);
      if (safe && !csv && /\.csv$/i.test(name) && entry.uncompressedSize <= CSV_MAX_BYTES) {
        csv = parseRows(await readEntry(zip, entry));
        return;
      }
      files.push({ name, safe, tooLarge: entry.uncompressedSize > MEDIA_MAX_BYTES });
    });
    return { files, csv: csv ?? new Map<string, CsvRow>() };
  } finally {
    zip.close();
  }
}

async function readEntry(zip: ZipFile, entry: Entry) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await streamOf(zip, entry)) {
    size += (chunk as Buffer).length;
    if (size > CSV_MAX_BYTES) throw fail(400, 'csv_unreadable');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** file,title,day,description: one row per file, by its name in the archive. */
function parseRows(text: string) {
  let records: Record<string, string>[];
  try {
    records = parseCsv(text, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
  } catch {
    throw fail(400, 'csv_unreadable');
  }
  if (records.length > 0 && !('file' in records[0]!)) throw fail(400, 'csv_unreadable');
  const rows = new Map<string, CsvRow>();
  for (const r of records) {
    if (!r.file) continue;
    const day = Number.parseInt(r.day ?? '', 10);
    rows.set(r.file, {
      title: r.title || undefined,
      day: Number.isInteger(day) && day >= 1 && day <= 100_000 ? day : undefined,
      description: r.description || undefined,
    });
  }
  return rows;
}

/** One entry's bytes as a stream (yauzl checks its size against the header as it inflates). */
export async function openEntry(storage: ObjectStorage, key: string, name: string) {
  const zip = await openZip(storage, key);
  let found: Entry | undefined;
  try {
    await eachEntry(zip, async (entry, entryName) => {
      if (entryName !== name) return false;
      found = entry;
      return true;
    });
  } catch (err) {
    zip.close();
    throw err;
  }
  if (!found) {
    zip.close();
    throw fail(400, 'zip_unreadable');
  }
  if (found.uncompressedSize > MEDIA_MAX_BYTES) {
    zip.close();
    throw fail(413, 'entry_too_large');
  }
  const stream = await streamOf(zip, found);
  stream.on('close', () => zip.close());
  return stream;
}
