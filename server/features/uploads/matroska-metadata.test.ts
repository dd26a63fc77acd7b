import { crc32 } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { stripInChunks } from './testing/strip-in-chunks';

// ---- a small WebM, built here (RFC 9559 element IDs) -----------------------------------------

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  seekPosition: 0x53ac,
  info: 0x1549a966,
  crc32: 0xbf,
  timestampScale: 0x2ad7b1,
  muxingApp: 0x4d80,
  writingApp: 0x5741,
  title: 0x7ba9,
  dateUtc: 0x4461,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  codecId: 0x86,
  name: 0x536e,
  cluster: 0x1f43b675,
  timestamp: 0xe7,
  simpleBlock: 0xa3,
  tags: 0x1254c367,
  tag: 0x7373,
  simpleTag: 0x67c8,
  tagName: 0x45a3,
  tagString: 0x4487,
  void: 0xec,
};
const NAMES = new Map(Object.entries(ID).map(([name, id]) => [id, name]));
const MASTERS = new Set([ID.segment, ID.seekHead, ID.seek, ID.info, ID.tracks, ID.trackEntry, ID.cluster]);

const idBytes = (id: number) =>
  Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
/** An element with a 4-byte size (what mkvmerge writes for level-1 elements). */
const el = (id: number, ...data: (Buffer | string)[]) => {
  const body = Buffer.concat(data.map((d) => (typeof d === 'string' ? Buffer.from(d) : d)));
  const size = Buffer.alloc(4);
  size.writeUInt32BE(0x10000000 | body.length);
  return Buffer.concat([idBytes(id), size, body]);
};
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
/** A master with a CRC-32 first among its children, as mkvmerge writes them. */
const withCrc = (id: number, ...children: Buffer[]) => {
  const rest = Buffer.concat(children);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(rest));
  return el(id, Buffer.from([ID.crc32, 0x84]), crc, rest);
};

const GPS = '+35.6586+139.7454/';
const FRAME = Buffer.from('the coded frame, which must not move');

/** A WebM as Chrome's MediaRecorder and mkvmerge write them: unknown-size segment and cluster, Tags last. */
function webmWithTags(): Buffer {
  const seekTo = (id: number) => el(ID.seek, el(ID.seekId, idBytes(id)), el(ID.seekPosition, Buffer.from([0, 0])));
  return Buffer.concat([
    el(ID.ebml, el(ID.docType, 'webm')),
    idBytes(ID.segment),
    UNKNOWN_SIZE,
    withCrc(ID.seekHead, seekTo(ID.info), seekTo(ID.tags)),
    withCrc(
      ID.info,
      el(ID.timestampScale, Buffer.from([0x0f, 0x42, 0x40])),
      el(ID.muxingApp, 'Lavf60.3.100'),
      el(ID.writingApp, 'Lavf60.3.100'),
      el(ID.title, 'Birthday at 12 High Street'),
      el(ID.dateUtc, Buffer.from('0a1b2c3d4e5f6071', 'hex')),
    ),
    el(
      ID.tracks,
      el(ID.trackEntry, el(ID.trackNumber, Buffer.from([1])), el(ID.codecId, 'V_VP9'), el(ID.name, 'Kitchen camera')),
    ),
    idBytes(ID.cluster),
    UNKNOWN_SIZE,
    el(ID.timestamp, Buffer.from([0])),
    el(ID.simpleBlock, FRAME),
    el(ID.tags, el(ID.tag, el(ID.simpleTag, el(ID.tagName, 'LOCATION'), el(ID.tagString, GPS)))),
  ]);
}

type Element = { name: string; id: number; start: number; dataStart: number; end: number; depth: number };

/**
 * Walks the element tree the way a demuxer does; throws where an element does not parse. The
 * children of an unknown-size element follow it up to the end of its parent.
 */
function elements(buf: Buffer, start = 0, end = buf.length, level = 0): Element[] {
  const found: Element[] = [];
  let depth = level;
  for (let at = start; at < end; ) {
    const idLength = Math.clz32(buf[at]!) - 23;
    const sizeLength = Math.clz32(buf[at + idLength]!) - 23;
    if (idLength < 1 || idLength > 4 || sizeLength < 1 || sizeLength > 8) throw new Error(`no element at ${at}`);
    const id = buf.readUIntBE(at, idLength);
    const sizeBytes = buf.subarray(at + idLength, at + idLength + sizeLength);
    let size = sizeBytes[0]! & (0xff >> sizeLength);
    for (const byte of sizeBytes.subarray(1)) size = size * 256 + byte;
    const dataStart = at + idLength + sizeLength;
    const name = NAMES.get(id) ?? id.toString(16);
    if (sizeBytes.equals(UNKNOWN_SIZE)) {
      found.push({ name, id, start: at, dataStart, end, depth: depth++ });
      at = dataStart;
      continue;
    }
    if (dataStart + size > end) throw new Error(`element at ${at} overruns its parent`);
    found.push({ name, id, start: at, dataStart, end: dataStart + size, depth });
    if (MASTERS.has(id)) found.push(...elements(buf, dataStart, dataStart + size, depth + 1));
    at = dataStart + size;
  }
  return found;
}

const strip = (file: Buffer, ext: string, chunkSize = 5) => stripInChunks(file, ext, chunkSize);

describe('WebM and Matroska metadata stripping', () => {
  it('turns Tags, title, date and track names into Void of the same size; the file still walks', async () => {
    const file = webmWithTags();
    expect((await fileTypeFromBuffer(file))?.ext).toBe('webm');
    const out = await strip(file, 'webm');
    expect(out.length).toBe(file.length);
    for (const secret of [GPS, 'LOCATION', 'Birthday at 12 High Street', 'Kitchen camera'])
      expect(out.includes(Buffer.from(secret))).toBe(false);
    expect(out.includes(Buffer.from('0a1b2c3d4e5f6071', 'hex'))).toBe(false);

    const before = elements(file);
    const after = elements(out);
    const voided = before.filter(
      (e) =>
        ['tags', 'title', 'dateUtc', 'name'].includes(e.name) ||
        (e.name === 'seek' && file.subarray(e.dataStart, e.end).includes(idBytes(ID.tags))),
    );
    // every element kept sits where it was; each removed one is a Void spanning the same bytes
    const kept = before.filter((e) => !voided.some((v) => v.start <= e.start && e.end <= v.end));
    for (const e of kept) expect(after).toContainEqual(e);
    for (const e of voided) expect(after.find((a) => a.start === e.start)).toMatchObject({ name: 'void', end: e.end });
    expect(after).toHaveLength(kept.length + voided.length);
    // the SeekHead no longer points at Tags; its entry for Info stays
    const seeks = after.filter((e) => e.name === 'seek');
    expect(seeks).toHaveLength(1);
    expect(out.subarray(seeks[0]!.dataStart, seeks[0]!.end).includes(idBytes(ID.info))).toBe(true);
    // the CRC-32 of SeekHead and Info still matches their new content
    for (const name of ['seekHead', 'info']) {
      const master = after.find((e) => e.name === name)!;
      const crc = after.find((e) => e.name === 'crc32' && e.start === master.dataStart)!;
      expect(out.readUInt32LE(crc.dataStart)).toBe(crc32(out.subarray(crc.end, master.end)));
    }
    expect(out.includes(FRAME)).toBe(true);
    expect((await fileTypeFromBuffer(out))?.ext).toBe('webm');
    expect(await strip(file, 'mkv', 64 * 1024)).toEqual(out);
  });

  it('leaves a file that is not EBML as it is', async () => {
    const garbage = Buffer.from('\u0000\u0000 not a matroska file at all '.repeat(20));
    expect(await strip(garbage, 'webm')).toEqual(garbage);
  });
});
