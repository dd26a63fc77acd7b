import type { SizeField } from './fuzzing';
import {
  flacFile,
  type MediaOptions,
  matroskaFile,
  mp3File,
  mp4File,
  oggFile,
  pdfFile,
  wavFile,
  XMP_UUID,
} from './playable-media';

/**
 * Tests only: each format the strippers read, as the property tests see it: how to build a real
 * file, its magic, where its length fields are (for mutations that set them to zero, all ones or
 * a little off), the markers worth dropping into a file, and what the stripper promises about the
 * output's length: the same as the input's, at most it (FLAC: an ID3v2 tag before it is dropped),
 * or (MP3, whose tags at both ends are dropped) a run cut out of it.
 */
export type FuzzFormat = {
  name: string;
  ext: string;
  build: (options: MediaOptions) => Buffer | Promise<Buffer>;
  magic: Buffer;
  fields: (file: Buffer) => SizeField[];
  tokens: Buffer[];
  length: 'same' | 'shorter' | 'cut';
  /** ffprobe reads it (PDF is read by pdf-lib instead) */
  probed: boolean;
};

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

// ---- where the length fields are ------------------------------------------------------------------

/** Where each box's child boxes start, for the boxes that hold boxes. */
const BOX_CHILDREN: Record<string, number> = {
  moov: 8,
  trak: 8,
  mdia: 8,
  minf: 8,
  stbl: 8,
  udta: 8,
  dinf: 8,
  ilst: 8,
  meta: 12,
  stsd: 16,
  dref: 16,
};

function boxFields(file: Buffer, start = 0, end = file.length, fields: SizeField[] = []): SizeField[] {
  for (let at = start; at + 8 <= end; ) {
    const size = file.readUInt32BE(at);
    if (size < 8 || at + size > end) break;
    fields.push({ at, width: 4, encoding: 'be' });
    const children = BOX_CHILDREN[file.toString('latin1', at + 4, at + 8)];
    if (children) boxFields(file, at + children, at + size, fields);
    at += size;
  }
  return fields;
}

/** EBML masters (header, Segment, SeekHead, Seek, Info, Tracks, TrackEntry, Audio, Cluster, Tags, Tag, SimpleTag, Targets) */
const EBML_MASTERS = new Set([
  0x1a45dfa3, 0x18538067, 0x114d9b74, 0x4dbb, 0x1549a966, 0x1654ae6b, 0xae, 0xe1, 0x1f43b675, 0x1254c367, 0x7373,
  0x67c8, 0x63c0,
]);

function ebmlFields(file: Buffer, start = 0, end = file.length, fields: SizeField[] = []): SizeField[] {
  for (let at = start; at < end; ) {
    const idLength = Math.clz32(file[at]!) - 23;
    const sizeAt = at + idLength;
    const width = Math.clz32(file[sizeAt] ?? 0) - 23;
    if (idLength < 1 || idLength > 4 || width < 1 || width > 8 || sizeAt + width > end) break;
    fields.push({ at: sizeAt, width, encoding: 'vint' });
    let size = file[sizeAt]! & (0xff >> width);
    let unknown = size === 0xff >> width;
    for (let i = 1; i < width; i++) {
      size = size * 256 + file[sizeAt + i]!;
      unknown &&= file[sizeAt + i] === 0xff;
    }
    const dataAt = sizeAt + width;
    if (unknown) {
      at = dataAt; // an unknown-size master: its children follow
      continue;
    }
    if (EBML_MASTERS.has(file.readUIntBE(at, idLength))) ebmlFields(file, dataAt, Math.min(end, dataAt + size), fields);
    at = dataAt + size;
  }
  return fields;
}

/** Each page's segment count and lacing values, and the comment header's vendor length. */
function oggFields(file: Buffer): SizeField[] {
  const fields: SizeField[] = [];
  for (let at = 0; at + 27 <= file.length && file.toString('latin1', at, at + 4) === 'OggS'; ) {
    const count = file[at + 26]!;
    fields.push({ at: at + 26, width: 1, encoding: 'be' });
    let length = 27 + count;
    for (let i = 0; i < count; i++) {
      fields.push({ at: at + 27 + i, width: 1, encoding: 'be' });
      length += file[at + 27 + i] ?? 0;
    }
    at += length;
  }
  for (const magic of ['OpusTags', '\x03vorbis']) {
    const at = file.indexOf(magic, 0, 'latin1');
    if (at >= 0) fields.push({ at: at + magic.length, width: 4, encoding: 'le' });
  }
  return fields;
}

/** An ID3v2 tag's size and its frames' sizes (ID3v2.4: syncsafe); where the tag ends. */
function id3Fields(file: Buffer, start: number, fields: SizeField[]): number {
  if (file.toString('latin1', start, start + 3) !== 'ID3') return start;
  fields.push({ at: start + 6, width: 4, encoding: 'syncsafe' });
  const end = start + 10 + syncsafe(file, start + 6);
  for (let at = start + 10; at + 10 <= end; at += 10 + syncsafe(file, at + 4))
    fields.push({ at: at + 4, width: 4, encoding: 'syncsafe' });
  return end;
}
const syncsafe = (file: Buffer, at: number) =>
  ((file[at]! & 0x7f) << 21) | ((file[at + 1]! & 0x7f) << 14) | ((file[at + 2]! & 0x7f) << 7) | (file[at + 3]! & 0x7f);

function flacFields(file: Buffer): SizeField[] {
  const fields: SizeField[] = [];
  let at = id3Fields(file, 0, fields) + 4;
  for (let last = false; !last && at + 4 <= file.length; at += 4 + file.readUIntBE(at + 1, 3)) {
    fields.push({ at: at + 1, width: 3, encoding: 'be' });
    last = (file[at]! & 0x80) !== 0;
  }
  return fields;
}

function riffFields(
  file: Buffer,
  start = 12,
  end = file.length,
  fields: SizeField[] = [{ at: 4, width: 4, encoding: 'le' }],
): SizeField[] {
  for (let at = start; at + 8 <= end; ) {
    const size = file.readUInt32LE(at + 4);
    fields.push({ at: at + 4, width: 4, encoding: 'le' });
    if (file.toString('latin1', at, at + 4) === 'LIST') riffFields(file, at + 12, Math.min(end, at + 8 + size), fields);
    if (file.toString('latin1', at, at + 4) === 'id3 ') id3Fields(file, at + 8, fields);
    at += 8 + size + (size & 1);
  }
  return fields;
}

/** The numbers after the keys that give lengths and counts */
function pdfFields(file: Buffer): SizeField[] {
  const text = file.toString('latin1');
  return [...text.matchAll(/\/(?:Length|N|First|Size|Count)\s+(\d+)/g)].map((m) => ({
    at: m.index + m[0].length - m[1]!.length,
    width: m[1]!.length,
    encoding: 'decimal' as const,
  }));
}

// ---- the formats --------------------------------------------------------------------------------------

const matroskaTokens = [
  bytes([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), // Segment, unknown size
  bytes([0x12, 0x54, 0xc3, 0x67]), // Tags
  bytes([0x11, 0x4d, 0x9b, 0x74]), // SeekHead
  bytes([0x15, 0x49, 0xa9, 0x66]), // Info
  bytes([0x16, 0x54, 0xae, 0x6b]), // Tracks
  bytes([0xae, 0x80]), // an empty TrackEntry
  bytes([0x7b, 0xa9, 0x81, 0x41]), // Title "A"
  bytes([0x53, 0x6e, 0x80]), // an empty Name
  bytes([0x4d, 0xbb, 0x86, 0x53, 0xab, 0x84, 0x12, 0x54, 0xc3, 0x67]), // a Seek naming Tags
  bytes([0xbf, 0x84, 0, 0, 0, 0]), // CRC-32
  bytes([0xec, 0x80]), // Void
  bytes([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), // unknown size
  bytes([0x08, 0, 0, 0, 0]), // a size 0 of width 5
];

export const FORMATS: FuzzFormat[] = [
  {
    name: 'MP4 (ISO BMFF)',
    ext: 'mp4',
    build: mp4File,
    magic: bytes([0, 0, 0, 0x14], 'ftypisom', [0, 0, 0, 0], 'isom'),
    fields: (file) => boxFields(file),
    tokens: [
      bytes('moov'),
      bytes('udta'),
      bytes('meta'),
      bytes('trak'),
      bytes('uuid'),
      Buffer.concat([bytes([0, 0, 0, 0x20], 'uuid'), XMP_UUID]),
      bytes([0, 0, 0, 1], 'moov', [0, 0, 0, 0, 0, 0, 0, 0x10]),
      bytes([0, 0, 0, 1], 'udta', [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
      bytes([0, 0, 0, 0], 'trak'),
      bytes([0, 0, 0, 8], 'meta'),
    ],
    length: 'same',
    probed: true,
  },
  {
    name: 'WebM',
    ext: 'webm',
    build: (o) => matroskaFile(o, 'webm'),
    magic: bytes([0x1a, 0x45, 0xdf, 0xa3]),
    fields: (file) => ebmlFields(file),
    tokens: matroskaTokens,
    length: 'same',
    probed: true,
  },
  {
    name: 'Matroska',
    ext: 'mkv',
    build: (o) => matroskaFile(o, 'matroska'),
    magic: bytes([0x1a, 0x45, 0xdf, 0xa3]),
    fields: (file) => ebmlFields(file),
    tokens: matroskaTokens,
    length: 'same',
    probed: true,
  },
  {
    name: 'Ogg Opus',
    ext: 'opus',
    build: (o) => oggFile(o, 'opus'),
    magic: bytes('OggS', [0, 2]),
    fields: oggFields,
    tokens: [
      bytes('OggS'),
      bytes('OggS', [0, 2]),
      bytes('OpusHead'),
      bytes('OpusTags'),
      bytes('\x01vorbis'),
      bytes('\x03vorbis'),
      bytes([0xff, 0xff, 0xff, 0xff]),
    ],
    length: 'same',
    probed: true,
  },
  {
    name: 'Ogg Vorbis (headers only)',
    ext: 'ogg',
    build: (o) => oggFile(o, 'vorbis'),
    magic: bytes('OggS', [0, 2]),
    fields: oggFields,
    tokens: [
      bytes('OggS'),
      bytes('OggS', [0, 2]),
      bytes('OpusTags'),
      bytes('\x01vorbis'),
      bytes('\x03vorbis'),
      bytes('\x80theora'),
      bytes('\x81theora'),
      bytes('Speex   '),
    ],
    length: 'same',
    probed: false,
  },
  {
    name: 'FLAC',
    ext: 'flac',
    build: flacFile,
    magic: bytes('fLaC'),
    fields: flacFields,
    tokens: [
      bytes('fLaC'),
      bytes('ID3', [4, 0, 0, 0, 0, 0, 0]),
      bytes([0x84, 0, 0, 0x10]),
      bytes([0x06, 0xff, 0xff, 0xff]),
      bytes([0x80, 0, 0, 0]),
      bytes([0x01, 0, 0, 0]),
    ],
    length: 'shorter',
    probed: true,
  },
  {
    name: 'MP3',
    ext: 'mp3',
    build: mp3File,
    magic: bytes('ID3', [4, 0, 0]),
    fields: (file) => {
      const fields: SizeField[] = [];
      id3Fields(file, 0, fields);
      return fields;
    },
    tokens: [
      bytes('ID3', [4, 0, 0, 0, 0, 0, 0]),
      bytes('ID3', [4, 0, 0x10, 0x7f, 0x7f, 0x7f, 0x7f]),
      bytes('TAG'),
      bytes('TAG+'),
      bytes([0xff, 0xfb, 0x90, 0xc4]),
    ],
    length: 'cut',
    probed: true,
  },
  {
    name: 'WAV',
    ext: 'wav',
    build: wavFile,
    magic: bytes('RIFF', [0xff, 0xff, 0xff, 0xff], 'WAVE'),
    fields: (file) => riffFields(file),
    tokens: [
      bytes('RIFF'),
      bytes('WAVE'),
      bytes('LIST'),
      bytes('JUNK'),
      bytes('bext'),
      bytes('id3 '),
      bytes('data'),
      bytes([0xff, 0xff, 0xff, 0xff]),
      bytes([0xfe, 0xff, 0xff, 0xff]),
    ],
    length: 'same',
    probed: true,
  },
  {
    name: 'PDF',
    ext: 'pdf',
    build: pdfFile,
    magic: bytes('%PDF-1.7\n1 0 obj\n'),
    fields: pdfFields,
    tokens: [
      '1 0 obj',
      ' obj ',
      'endobj',
      'stream\n',
      'stream\r',
      'endstream',
      '<<',
      '>>',
      '/Type /Metadata ',
      '/Type /ObjStm /Filter /FlateDecode /N 1 /First 4 ',
      '/Type /Catalog /Metadata 3 0 R ',
      '/Length 10 ',
      '/Length 9 0 R ',
      'trailer',
      '/Info 3 0 R ',
      '/Root 1 0 R ',
      '/Title (x) ',
      '(',
      ')',
      '\\',
      '%',
      '[',
      ']',
      '<',
      '>',
    ].map((t) => bytes(t)),
    length: 'same',
    probed: false,
  },
];
