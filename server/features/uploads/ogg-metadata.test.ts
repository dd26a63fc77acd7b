import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { stripInChunks } from './testing/strip-in-chunks';

// ---- small Ogg files, built here (RFC 3533 pages) ---------------------------------------------

/** The Ogg page CRC computed bit by bit (polynomial 0x04C11DB7), independently of the stripper's table. */
function pageCrc(page: Buffer): number {
  let crc = 0;
  page.forEach((byte, i) => {
    crc ^= (i >= 22 && i < 26 ? 0 : byte) << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  });
  return crc >>> 0;
}

/** One page holding `segments` (each at most 255 bytes, lacing given by the caller). */
function page(serial: number, sequence: number, flags: number, segments: Buffer[]): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = segments.length;
  const out = Buffer.concat([header, Buffer.from(segments.map((s) => s.length)), ...segments]);
  out.writeUInt32LE(pageCrc(out), 22);
  return out;
}

/** A packet cut into lacing segments (a last one under 255 bytes ends it). */
function lace(packet: Buffer): Buffer[] {
  const segments = [];
  for (let at = 0; at <= packet.length; at += 255) segments.push(packet.subarray(at, at + 255));
  return segments;
}

const GPS = '+35.6586+139.7454/';
const comments = (magic: string, framing: boolean) => {
  const vendor = Buffer.from('libopus 1.4');
  const fields = ['TITLE=Secret recording', `LOCATION=${GPS}`, `DESCRIPTION=${'Notes from home. '.repeat(40)}`];
  const parts = [Buffer.from(magic, 'latin1'), u32(vendor.length), vendor, u32(fields.length)];
  for (const field of fields) parts.push(u32(Buffer.byteLength(field)), Buffer.from(field));
  if (framing) parts.push(Buffer.from([1]));
  return Buffer.concat(parts);
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const AUDIO = Buffer.from('an audio packet, which must not move');

/** An Ogg Opus file whose OpusTags packet spans two pages, then an audio page. */
function opusWithTags(): { file: Buffer; tags: Buffer } {
  const head = Buffer.concat([Buffer.from('OpusHead'), Buffer.from([1, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0])]);
  const tags = comments('OpusTags', false);
  const segments = lace(tags);
  const split = 2; // the first two 255-byte segments on one page, the rest on the next
  return {
    file: Buffer.concat([
      page(7, 0, 0x02, [head]),
      page(7, 1, 0x00, segments.slice(0, split)),
      page(7, 2, 0x01, segments.slice(split)),
      page(7, 3, 0x04, [AUDIO]),
    ]),
    tags,
  };
}

type Page = { start: number; length: number; crc: number; body: Buffer };
function pages(file: Buffer): Page[] {
  const found = [];
  for (let at = 0; at < file.length; ) {
    expect(file.toString('latin1', at, at + 4)).toBe('OggS');
    const count = file[at + 26]!;
    const lacing = file.subarray(at + 27, at + 27 + count);
    const length = 27 + count + lacing.reduce((sum, n) => sum + n, 0);
    const p = file.subarray(at, at + length);
    found.push({ start: at, length, crc: p.readUInt32LE(22), body: p.subarray(27 + count) });
    at += length;
  }
  return found;
}

const strip = (file: Buffer, ext: string, chunkSize = 5) => stripInChunks(file, ext, chunkSize);

describe('Ogg metadata stripping', () => {
  it('empties an Opus comment header spanning two pages, keeping every page length and a valid CRC', async () => {
    const { file, tags } = opusWithTags();
    expect((await fileTypeFromBuffer(file))?.ext).toBe('opus');
    const out = await strip(file, 'opus');
    expect(out.length).toBe(file.length);
    for (const secret of ['Secret recording', GPS, 'Notes from home'])
      expect(out.includes(Buffer.from(secret))).toBe(false);
    const before = pages(file);
    const after = pages(out);
    expect(after.map((p) => [p.start, p.length])).toEqual(before.map((p) => [p.start, p.length]));
    for (const p of after) expect(p.crc).toBe(pageCrc(out.subarray(p.start, p.start + p.length)));
    // the OpusTags packet: magic and vendor kept, no comments, the rest zero padding (RFC 7845 section 5.2)
    const packet = Buffer.concat([after[1]!.body, after[2]!.body]);
    expect(packet.length).toBe(tags.length);
    expect(packet.subarray(0, 8 + 4 + 11).toString('latin1')).toBe('OpusTags\u000b\u0000\u0000\u0000libopus 1.4');
    expect(packet.readUInt32LE(23)).toBe(0);
    expect(packet.subarray(27).every((b) => b === 0)).toBe(true);
    expect(after[0]!.body).toEqual(before[0]!.body);
    expect(after[3]!.body).toEqual(AUDIO);
    expect((await fileTypeFromBuffer(out))?.ext).toBe('opus');
  });

  it('empties a Vorbis comment header and keeps its framing bit, so the decoder accepts it', async () => {
    const id = Buffer.concat([Buffer.from('\u0001vorbis', 'latin1'), Buffer.alloc(23)]);
    const tags = comments('\u0003vorbis', true);
    const file = Buffer.concat([page(9, 0, 0x02, [id]), page(9, 1, 0, lace(tags)), page(9, 2, 0, [AUDIO])]);
    const out = await strip(file, 'ogg', 64 * 1024);
    expect(out.includes(Buffer.from(GPS))).toBe(false);
    const after = pages(out);
    for (const p of after) expect(p.crc).toBe(pageCrc(out.subarray(p.start, p.start + p.length)));
    const packet = after[1]!.body;
    const countAt = 7 + 4 + 11;
    expect(packet.readUInt32LE(countAt)).toBe(0);
    expect(packet[countAt + 4]).toBe(1); // the framing bit right after an empty comment list
    expect(packet.subarray(countAt + 5).every((b) => b === 0)).toBe(true);
  });

  it('leaves the pages of a stream it does not know as they are', async () => {
    const file = Buffer.concat([
      page(3, 0, 0x02, [Buffer.from('fishead\u0000 skeleton')]),
      page(3, 1, 0, [Buffer.from('TITLE=x')]),
    ]);
    expect(await strip(file, 'ogg')).toEqual(file);
  });
});
