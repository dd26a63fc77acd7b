import type { ByteReader } from './byte-reader';

/**
 * The codecs whose second packet is a comment header (vendor string, then `KEY=value` comments):
 * the magic that opens the first packet, the one that opens the comment packet, and whether the
 * comment header ends with a framing bit (Vorbis I section 5.2.1).
 */
const CODECS = [
  { id: Buffer.from('\x01vorbis', 'latin1'), comments: Buffer.from('\x03vorbis', 'latin1'), framing: true },
  { id: Buffer.from('OpusHead'), comments: Buffer.from('OpusTags'), framing: false },
  { id: Buffer.from('\x80theora', 'latin1'), comments: Buffer.from('\x81theora', 'latin1'), framing: false },
  { id: Buffer.from('Speex   '), comments: Buffer.alloc(0), framing: false },
];
type Codec = (typeof CODECS)[number];

/** A logical stream whose comment packet is still to come or under way. */
type LogicalStream = { codec: Codec | undefined; packet: number; offset: number; head: number[]; countAt?: number };

const PAGE_HEADER_BYTES = 27;
/** streams followed at once (a file normally has one or two, a chained file a few) */
const MAX_STREAMS = 64;

/**
 * Ogg (Vorbis, Opus, Theora, Speex): the comment header keeps its length and its vendor string,
 * but its comment count becomes 0 and every comment byte after it 0 (Opus: padding, RFC 7845
 * section 5.2; Vorbis: the framing bit, then bytes a decoder never reads). Page lengths stay as they
 * are, so a comment packet spanning pages is rewritten page by page, each page's CRC recomputed.
 */
export async function* ogg(reader: ByteReader): AsyncGenerator<Buffer> {
  const streams = new Map<number, LogicalStream>();
  for (;;) {
    const head = await reader.peek(PAGE_HEADER_BYTES + 255);
    if (head.length < PAGE_HEADER_BYTES || head.toString('latin1', 0, 4) !== 'OggS') break;
    const segments = head[26]!;
    if (head.length < PAGE_HEADER_BYTES + segments) break;
    const lacing = head.subarray(PAGE_HEADER_BYTES, PAGE_HEADER_BYTES + segments);
    const pageLength = PAGE_HEADER_BYTES + segments + lacing.reduce((sum, n) => sum + n, 0);
    const serial = head.readUInt32LE(14);
    if (head[5]! & 0x02 && streams.size < MAX_STREAMS) {
      streams.set(serial, { codec: undefined, packet: 0, offset: 0, head: [] });
    }
    const stream = streams.get(serial);
    if (!stream) {
      yield* reader.pass(pageLength);
      continue;
    }
    const taken = await reader.take(pageLength);
    if (!taken) break;
    const page = Buffer.from(taken); // the upload's own buffers are never written to
    if (rewritePage(page, lacing, stream)) page.writeUInt32LE(oggCrc(page), 22);
    if (stream.packet >= 2) streams.delete(serial);
    yield page;
  }
  yield* reader.pass(Number.POSITIVE_INFINITY);
}

/** Follows the stream's packets through one page, emptying its comment packet; whether it changed. */
function rewritePage(page: Buffer, lacing: Buffer, stream: LogicalStream): boolean {
  let changed = false;
  let at = PAGE_HEADER_BYTES + lacing.length;
  for (const length of lacing) {
    if (stream.packet === 0 && stream.offset === 0) {
      stream.codec = CODECS.find((c) => page.subarray(at, at + c.id.length).equals(c.id));
    }
    if (stream.packet === 1 && stream.codec) {
      for (let i = at; i < at + length; i++) {
        const value = commentByte(stream, stream.codec, page[i]!);
        if (value !== undefined && value !== page[i]) {
          page[i] = value;
          changed = true;
        }
        stream.offset++;
      }
    } else {
      stream.offset += length;
    }
    at += length;
    if (length < 255) {
      stream.packet++;
      stream.offset = 0;
    }
  }
  return changed;
}

/**
 * The byte to write at the stream's offset in its comment packet (undefined: keep it): the magic
 * and vendor string stay, the comment count becomes 0, what follows it zeros (after the framing
 * bit for Vorbis).
 */
function commentByte(stream: LogicalStream, codec: Codec, byte: number): number | undefined {
  const { offset } = stream;
  const vendorAt = codec.comments.length;
  if (offset < vendorAt + 4) {
    stream.head.push(byte);
    if (offset === vendorAt + 3) {
      const head = Buffer.from(stream.head);
      // not the comment header this codec writes: leave the packet alone
      if (head.subarray(0, vendorAt).equals(codec.comments))
        stream.countAt = vendorAt + 4 + head.readUInt32LE(vendorAt);
    }
    return undefined;
  }
  if (stream.countAt === undefined || offset < stream.countAt) return undefined;
  if (offset < stream.countAt + 4) return 0;
  return codec.framing && offset === stream.countAt + 4 ? 1 : 0;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let r = n << 24;
  for (let i = 0; i < 8; i++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});

/** The Ogg page checksum: CRC-32, polynomial 0x04C11DB7, not reflected, over the page with its CRC field as 0. */
export function oggCrc(page: Buffer): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) {
    const byte = i >= 22 && i < 26 ? 0 : page[i]!;
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc;
}
