import { Readable } from 'node:stream';
import { ByteReader } from './byte-reader';
import { matroska } from './matroska-metadata';
import { isoBmff } from './mp4-metadata';
import { ogg } from './ogg-metadata';
import { pdf } from './pdf-metadata';

/**
 * Metadata out of audio, video and PDF at upload (as images lose their EXIF: no GPS, names or
 * dates reach other members), while the file streams into storage, never whole in memory. Pure
 * JS, no re-encoding: the metadata is blanked in place or dropped, so the file plays as before.
 * - MP4, M4A, MOV (ISO BMFF, `mp4-metadata.ts`): every `udta` and `meta` box (QuickTime's ©xyz
 *   GPS, iTunes tags, Apple's location keys) and XMP `uuid` box becomes a zero-filled `free` box
 *   of the same size, however large moov is: no box size or chunk offset (stco/co64) changes.
 * - WebM, MKV (`matroska-metadata.ts`): Tags, the segment's Title and DateUTC and the tracks'
 *   names become Void elements of the same size. Kept: MuxingApp and WritingApp (mandatory,
 *   software names), chapters, attachments (MKV fonts for subtitles).
 * - Ogg Vorbis, Opus, Theora, Speex (`ogg-metadata.ts`): the comments of the comment header are
 *   zeroed in place (count 0), page CRCs recomputed. Kept: the vendor string (the encoder's name).
 * - MP3: ID3v2 tags at the start and ID3v1 (with its extended block) at the end are dropped.
 * - FLAC: VORBIS_COMMENT and PICTURE blocks become PADDING of the same length.
 * - WAV: LIST (INFO), id3, bext, iXML and XMP chunks become JUNK chunks of the same length.
 * - PDF (`pdf-metadata.ts`): the document information dictionary and XMP metadata streams are
 *   blanked in place (offsets kept). Not reached: an information dictionary inside a compressed
 *   object stream keeps its bytes, though nothing references it any more.
 * Other formats (EPUB, DOCX, ODT, AAC...) are stored as uploaded. A file that does not parse as
 * its sniffed type is left as it is from that point on: stripping never breaks an upload.
 */
export function withoutMediaMetadata(stream: Readable, ext: string): Readable {
  const strip = STRIPPERS[ext];
  if (!strip) return stream;
  return Readable.from(strip(new ByteReader(stream)), { objectMode: false });
}

type Stripper = (reader: ByteReader) => AsyncGenerator<Buffer>;

/** Drops the ID3v2 tags at the start of the stream (a FLAC file may carry one too). */
async function skipId3v2(reader: ByteReader) {
  for (;;) {
    const head = await reader.peek(10);
    if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return;
    // the size is 'syncsafe': 7 bits a byte; a footer (flag 0x10) adds 10 bytes
    const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    await reader.skip(10 + size + (head[5]! & 0x10 ? 10 : 0));
  }
}

const ID3V1_BYTES = 128;
const ID3V1_EXTENDED_BYTES = 227;

async function* mp3(reader: ByteReader): AsyncGenerator<Buffer> {
  await skipId3v2(reader);
  // ID3v1 is the last 128 bytes ('TAG...'), maybe after a 227-byte 'TAG+' block: held back to the end
  const keep = ID3V1_BYTES + ID3V1_EXTENDED_BYTES;
  let tail = Buffer.alloc(0);
  for await (const chunk of reader.pass(Number.POSITIVE_INFINITY)) {
    if (chunk.length >= keep) {
      yield tail;
      yield chunk.subarray(0, chunk.length - keep);
      tail = Buffer.from(chunk.subarray(chunk.length - keep));
    } else {
      const all = Buffer.concat([tail, chunk]);
      if (all.length > keep) yield all.subarray(0, all.length - keep);
      tail = all.subarray(Math.max(0, all.length - keep));
    }
  }
  let cut = tail.length;
  const startsWith = (at: number, text: string) => at >= 0 && tail.toString('latin1', at, at + text.length) === text;
  if (startsWith(cut - ID3V1_BYTES, 'TAG')) {
    cut -= ID3V1_BYTES;
    if (startsWith(cut - ID3V1_EXTENDED_BYTES, 'TAG+')) cut -= ID3V1_EXTENDED_BYTES;
  }
  yield tail.subarray(0, cut);
}

const FLAC_PADDING = 1;
const FLAC_TAG_BLOCKS = new Set([4 /* VORBIS_COMMENT */, 6 /* PICTURE */]);

async function* flac(reader: ByteReader): AsyncGenerator<Buffer> {
  await skipId3v2(reader);
  const magic = await reader.take(4);
  if (magic) yield magic;
  if (magic?.toString('latin1') === 'fLaC') {
    for (;;) {
      const head = await reader.take(4);
      if (!head) break;
      const last = head[0]! & 0x80;
      const length = head.readUIntBE(1, 3);
      if (FLAC_TAG_BLOCKS.has(head[0]! & 0x7f)) {
        yield Buffer.from([last | FLAC_PADDING, head[1]!, head[2]!, head[3]!]);
        yield* reader.blank(length);
      } else {
        yield head;
        yield* reader.pass(length);
      }
      if (last) break;
    }
  }
  yield* reader.pass(Number.POSITIVE_INFINITY);
}

/** RIFF chunks with names, dates, software and places; 'JUNK' is the chunk readers skip. */
const WAV_TAG_CHUNKS = new Set(['LIST', 'id3 ', 'ID3 ', 'bext', 'iXML', '_PMX']);

async function* wav(reader: ByteReader): AsyncGenerator<Buffer> {
  const head = await reader.take(12);
  if (head) yield head;
  if (head?.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WAVE') {
    for (;;) {
      const chunk = await reader.take(8);
      if (!chunk) break;
      const size = chunk.readUInt32LE(4);
      const padded = size + (size & 1);
      if (WAV_TAG_CHUNKS.has(chunk.toString('latin1', 0, 4))) {
        const junk = Buffer.from(chunk);
        junk.write('JUNK', 0, 'latin1');
        yield junk;
        yield* reader.blank(padded);
      } else {
        yield chunk;
        yield* reader.pass(padded);
      }
    }
  }
  yield* reader.pass(Number.POSITIVE_INFINITY);
}

const STRIPPERS: Record<string, Stripper> = {
  mp4: isoBmff,
  m4a: isoBmff,
  m4v: isoBmff,
  m4b: isoBmff,
  mov: isoBmff,
  '3gp': isoBmff,
  '3g2': isoBmff,
  f4v: isoBmff,
  webm: matroska,
  mkv: matroska,
  ogg,
  oga: ogg,
  ogv: ogg,
  opus: ogg,
  spx: ogg,
  ogx: ogg,
  mp3,
  flac,
  wav,
  pdf,
};
