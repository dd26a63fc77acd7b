import { promisify } from 'node:util';
import { constants, deflateRaw, inflate } from 'node:zlib';
import { MORE, type PdfDictionary, type PdfEntry, parseDictionary, skipSpace } from './pdf-syntax';

const inflateAsync = promisify(inflate);
const deflateRawAsync = promisify(deflateRaw);

/** Object streams are tens of kilobytes; one larger than this is left as it is. */
export const MAX_OBJECT_STREAM_BYTES = 4 * 1024 * 1024;
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

type Blanked = (dictionary: PdfDictionary, entries: Map<string, PdfEntry>, isStream: boolean) => [number, number][];

/**
 * A compressed object stream (PDF 1.5, ISO 32000-1 section 7.5.7) with its dictionaries blanked as
 * `blanked` says (the information dictionary, the catalog's /Metadata), recompressed to exactly
 * its old length so no offset moves; undefined when nothing changed or it cannot be done (other
 * filters, damaged data, a recompressed stream longer than the original). Inflating and
 * deflating run on libuv's thread pool, never on the event loop.
 */
export async function rewriteObjectStream(
  data: Buffer,
  dictionary: Map<string, PdfEntry>,
  blanked: Blanked,
  effort: { parsed: number },
): Promise<Buffer | undefined> {
  const filter = dictionary.get('Filter')?.value.replace(/^\[\s*|\s*\]$/g, '');
  const first = Number(dictionary.get('First')?.value);
  const count = Number(dictionary.get('N')?.value);
  if (
    filter !== '/FlateDecode' ||
    dictionary.has('DecodeParms') ||
    !Number.isInteger(first) ||
    !Number.isInteger(count)
  )
    return undefined;
  let objects: Buffer;
  try {
    objects = Buffer.from(await inflateAsync(data, { maxOutputLength: MAX_INFLATED_BYTES }));
  } catch {
    return undefined; // damaged, or larger than any real object stream
  }
  effort.parsed += objects.length;
  // the header: object number and offset (from First) pairs; each object read up to the next one
  const header = objects.toString('latin1', 0, Math.min(first, objects.length)).trim().split(/\s+/);
  const starts = header
    .filter((_, i) => i % 2 === 1 && i < 2 * count)
    .map((offset) => first + Number(offset))
    .filter((start) => Number.isInteger(start) && start < objects.length)
    .sort((a, b) => a - b);
  let changed = false;
  starts.forEach((start, i) => {
    const own = objects.subarray(0, starts[i + 1] ?? objects.length);
    const found = parseDictionary(own, skipSpace(own, start));
    if (!found || found === MORE) return;
    for (const [from, to] of blanked(found, new Map(found.entries.map((e) => [e.key, e])), false)) {
      objects.fill(0x20, from, to);
      changed = true;
    }
  });
  return changed ? await deflatedToLength(objects, data.length) : undefined;
}

/**
 * `content` as a zlib stream of exactly `length` bytes: deflated and flushed, then empty blocks
 * (RFC 1951 section 3.2.3: stored blocks of 5 bytes, fixed-Huffman ones of 10 bits) fill the rest.
 */
export async function deflatedToLength(content: Buffer, length: number): Promise<Buffer | undefined> {
  const raw = await deflateRawAsync(content, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const padding = length - 2 - raw.length - 4;
  if (padding < 2) return undefined;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(adler32(content));
  return Buffer.concat([Buffer.from([0x78, 0xda]), raw, emptyBlocks(padding), adler]);
}

const STORED_EMPTY = Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff]);
/** The last 2 to 6 bytes: empty blocks ending with a final one, from a byte boundary to one. */
const FINAL_EMPTY: Record<number, Buffer> = {
  2: Buffer.from([0x03, 0x00]), // final fixed
  3: Buffer.from([0x02, 0x0c, 0x00]), // fixed, final fixed
  4: Buffer.from([0x02, 0x08, 0x30, 0x00]), // fixed, fixed, final fixed
  5: Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]), // final stored
  6: Buffer.from([0x02, 0x04, 0x00, 0x00, 0xff, 0xff]), // fixed, final stored
};

/** `bytes` (at least 2) of empty deflate blocks, the last one final. */
export function emptyBlocks(bytes: number): Buffer {
  const stored = Math.floor((bytes - 2) / 5);
  return Buffer.concat([...Array.from({ length: stored }, () => STORED_EMPTY), FINAL_EMPTY[bytes - 5 * stored]!]);
}

function adler32(data: Buffer): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    // sums stay exact in doubles for 5552 bytes between reductions (zlib's NMAX)
    const end = Math.min(data.length, i + 5552);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
