import { Readable } from 'node:stream';
import { ByteReader } from './byte-reader';

/**
 * Tags out of audio and video at upload (issue 17 item 8: images lose their EXIF, media kept its
 * GPS, names and dates), while the file streams into storage, never whole in memory. Pure JS, no
 * re-encoding: the metadata is blanked in place or dropped, so the file plays as before.
 * - MP4, M4A, MOV (ISO BMFF): every `udta` and `meta` box (QuickTime's ©xyz GPS, iTunes tags,
 *   Apple's location keys) and XMP `uuid` boxes become `free` boxes of the same size, zero-filled:
 *   no box size or chunk offset (stco/co64) changes, wherever moov sits.
 * - MP3: ID3v2 tags at the start and ID3v1 (with its extended block) at the end are dropped.
 * - FLAC: VORBIS_COMMENT and PICTURE blocks become PADDING of the same length.
 * - WAV: LIST (INFO), id3, bext, iXML and XMP chunks become JUNK chunks of the same length.
 * Other formats (WebM, Ogg, PDF...) are stored as uploaded. A file that does not parse as its
 * sniffed type is left as it is from that point on: stripping never breaks an upload.
 */
export function withoutMediaMetadata(stream: Readable, ext: string): Readable {
  const strip = STRIPPERS[ext];
  if (!strip) return stream;
  return Readable.from(strip(new ByteReader(stream)), { objectMode: false });
}

type Stripper = (reader: ByteReader) => AsyncGenerator<Buffer>;

/** A moov box is read whole to blank its metadata; one larger than this streams on unchanged. */
export const MAX_MOOV_BYTES = 32 * 1024 * 1024;
const METADATA_BOXES = new Set(['udta', 'meta']);
/** boxes that hold boxes, where metadata boxes may sit */
const CONTAINER_BOXES = new Set(['moov', 'trak', 'mdia', 'minf', 'moof', 'traf', 'edts']);
/** the `uuid` box type of XMP in ISO BMFF */
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

async function* isoBmff(reader: ByteReader): AsyncGenerator<Buffer> {
  for (;;) {
    const head = await reader.take(8);
    if (!head) break;
    let header = head;
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (size === 1) {
      const large = await reader.take(8);
      if (!large) {
        yield head;
        break;
      }
      header = Buffer.concat([head, large]);
      size = Number(large.readBigUInt64BE(0));
    }
    // 0: the box runs to the end of the file; below its header: not a box we understand
    if (size === 0 || size < header.length) {
      yield header;
      break;
    }
    const body = size - header.length;
    if (type === 'moov' && size <= MAX_MOOV_BYTES) {
      const content = await reader.take(body);
      if (!content) {
        yield header;
        break;
      }
      const box = Buffer.concat([header, content]);
      blankMetadataBoxes(box, header.length, box.length);
      yield box;
    } else if (METADATA_BOXES.has(type) || (type === 'uuid' && isXmp(await reader.peek(16), 0))) {
      yield asFree(header);
      yield* reader.blank(body);
    } else {
      yield header;
      yield* reader.pass(body);
    }
  }
  yield* reader.pass(Number.POSITIVE_INFINITY);
}

/** Turns the metadata boxes among the children of buf[start, end) into zero-filled `free` boxes. */
function blankMetadataBoxes(buf: Buffer, start: number, end: number) {
  for (let at = start; at + 8 <= end; ) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let headerLength = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(buf.readBigUInt64BE(at + 8));
      headerLength = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < headerLength || at + size > end) return; // not boxes after all: leave the rest
    if (METADATA_BOXES.has(type) || (type === 'uuid' && isXmp(buf, at + headerLength))) {
      buf.write('free', at + 4, 'latin1');
      buf.fill(0, at + headerLength, at + size);
    } else if (CONTAINER_BOXES.has(type)) {
      blankMetadataBoxes(buf, at + headerLength, at + size);
    }
    at += size;
  }
}

const isXmp = (buf: Buffer, at: number) => buf.length >= at + 16 && buf.subarray(at, at + 16).equals(XMP_UUID);

function asFree(header: Buffer): Buffer {
  const free = Buffer.from(header);
  free.write('free', 4, 'latin1');
  return free;
}

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
  mp3,
  flac,
  wav,
};
