import { crc32 } from 'node:zlib';
import type { ByteReader } from './byte-reader';

// Matroska element IDs (RFC 9559), markers kept as they are written
const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const SEEK = 0x4dbb;
const INFO = 0x1549a966;
const TITLE = 0x7ba9;
const DATE_UTC = 0x4461;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NAME = 0x536e;
const TAGS = 0x1254c367;
const CRC_32 = 0xbf;
const VOID = 0xec;
const SEEK_ID = 0x53ab;
const TAGS_ID_BYTES = Buffer.from([0x12, 0x54, 0xc3, 0x67]);
/** SeekHead, Info and Tracks are a few kilobytes; one larger than this streams on unchanged. */
const MAX_EDITED_BYTES = 4 * 1024 * 1024;
const EDITED = new Set([SEEK_HEAD, INFO, TRACKS]);

type ElementHeader = { id: number; headerLength: number; size: number | undefined };

/**
 * WebM and Matroska (EBML): Tags (names, dates, places, any SimpleTag) become Void elements of the
 * same size, and so do the segment's Title and DateUTC, the tracks' names and the SeekHead entry
 * that pointed at the Tags; a level-1 CRC-32 over what changed is recomputed. The segment and
 * unknown-size clusters (MediaRecorder's) are walked as they stream, never read whole.
 */
export async function* matroska(reader: ByteReader): AsyncGenerator<Buffer> {
  for (;;) {
    const header = readHeader(await reader.peek(12), 0);
    if (!header) break;
    const head = (await reader.take(header.headerLength))!;
    const { id, size } = header;
    if (size === undefined || id === SEGMENT) {
      yield head; // a master element to walk into: its children follow as elements
    } else if (id === TAGS) {
      yield* asVoid(head, size);
      yield* reader.blank(size);
    } else if (EDITED.has(id) && size <= MAX_EDITED_BYTES) {
      const body = await reader.take(size);
      if (!body) {
        yield head;
        break;
      }
      const element = Buffer.concat([head, body]);
      blankChildren(element, head.length, element.length);
      yield element;
    } else {
      yield head;
      yield* reader.pass(size);
    }
  }
  yield* reader.pass(Number.POSITIVE_INFINITY);
}

/** What to do with a child element met inside SeekHead, Info or Tracks. */
function ruleFor(id: number, data: Buffer): 'void' | 'descend' | 'keep' {
  if (id === TITLE || id === DATE_UTC || id === TRACK_NAME) return 'void';
  if (id === SEEK && seeksTags(data)) return 'void';
  return id === TRACK_ENTRY ? 'descend' : 'keep';
}

/** Whether a Seek entry's SeekID names Tags: the SeekHead entry that points at them. */
function seeksTags(seek: Buffer): boolean {
  for (let at = 0; at < seek.length; ) {
    const header = readHeader(seek, at);
    if (!header || header.size === undefined) return false;
    const dataAt = at + header.headerLength;
    if (header.id === SEEK_ID) return seek.subarray(dataAt, dataAt + header.size).equals(TAGS_ID_BYTES);
    at = dataAt + header.size;
  }
  return false;
}

/** Turns the children of buf[start, end) that `ruleFor` names into Void; whether any changed. */
function blankChildren(buf: Buffer, start: number, end: number, depth = 0): boolean {
  let changed = false;
  for (let at = start; at < end; ) {
    const header = readHeader(buf, at);
    if (!header || header.size === undefined || at + header.headerLength + header.size > end) break;
    const next = at + header.headerLength + header.size;
    const rule = ruleFor(header.id, buf.subarray(at + header.headerLength, next));
    if (rule === 'void') {
      writeVoid(buf, at, next);
      changed = true;
    } else if (rule === 'descend' && depth < 4) {
      changed = blankChildren(buf, at + header.headerLength, next, depth + 1) || changed;
    }
    at = next;
  }
  if (changed) updateCrc(buf, start, end);
  return changed;
}

/** A CRC-32 element first among the children covers the bytes after it (little-endian IEEE CRC). */
function updateCrc(buf: Buffer, start: number, end: number) {
  const first = readHeader(buf, start);
  if (first?.id !== CRC_32 || first.size !== 4) return;
  const covered = start + first.headerLength + 4;
  buf.writeUInt32LE(crc32(buf.subarray(covered, end)), start + first.headerLength);
}

/** buf[at, end) rewritten as one zero-filled Void element of the same total length (at least 2). */
function writeVoid(buf: Buffer, at: number, end: number) {
  const total = end - at;
  const width = Math.min(8, total - 1);
  buf.fill(0, at, end);
  buf[at] = VOID;
  writeSize(buf, at + 1, width, total - 1 - width);
}

/** The header of a Void element standing in for an element with this header and data size. */
function* asVoid(head: Buffer, size: number): Generator<Buffer> {
  const width = Math.min(8, head.length - 1);
  const header = Buffer.alloc(head.length); // zeros after a narrower size belong to the Void's data
  header[0] = VOID;
  writeSize(header, 1, width, head.length - 1 - width + size);
  yield header;
}

/** An EBML variable-size integer of `width` bytes: a marker bit, then the value. */
function writeSize(buf: Buffer, at: number, width: number, value: number) {
  let rest = value;
  for (let i = width - 1; i >= 0; i--) {
    buf[at + i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  buf[at] = (buf[at]! | (0x80 >> (width - 1))) & 0xff;
}

/** The element header at buf[at]: ID (1-4 bytes) and data size (1-8 bytes; undefined: unknown). */
function readHeader(buf: Buffer, at: number): ElementHeader | undefined {
  const idLength = vintLength(buf[at]);
  if (!idLength || idLength > 4 || at + idLength >= buf.length) return undefined;
  const sizeLength = vintLength(buf[at + idLength]);
  if (!sizeLength || at + idLength + sizeLength > buf.length) return undefined;
  let size = buf[at + idLength]! & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const byte = buf[at + idLength + i]!;
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return {
    id: buf.readUIntBE(at, idLength),
    headerLength: idLength + sizeLength,
    size: allOnes ? undefined : size,
  };
}

/** Bytes of a variable-size integer from its first byte (leading zeros + 1); 0 when invalid. */
function vintLength(first: number | undefined): number {
  if (!first) return 0;
  return Math.clz32(first) - 23;
}
