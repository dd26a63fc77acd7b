import { crc32 } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { wavTone } from '../../../../scripts/media-fixtures';
import { oggCrc } from '../ogg-metadata';

/**
 * Tests only: small real files of every format the strippers read, which ffprobe (pdf-lib for PDF)
 * accepts, carrying the given metadata values in each place the strippers blank: names, places,
 * comments, track names, cover descriptions, XMP. The sound is silence, the layout the caller's.
 */
export type MediaOptions = {
  /** metadata values, spread over the format's tag slots (cycled when there are more slots) */
  tags: string[];
  /** a layout switch each format reads its own way (moov after mdat, unknown sizes, tags after data...) */
  variant: boolean;
  /** wider length fields than needed: MP4 64-bit box sizes (and a last box of size 0), EBML 8-byte sizes */
  wide: boolean;
  /** Ogg: comment-header segments per page (1-255), so the packet spans pages */
  segmentsPerPage: number;
  /** PDF: pages (1-3) */
  pages: number;
};

const u16be = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const utf8 = (text: string) => Buffer.from(text, 'utf8');
/** The i-th tag, cycling through them */
const tag = (tags: string[], i: number) => tags[i % tags.length] ?? '';

// ---- ISO BMFF: a QuickTime-style PCM ('sowt') audio track ----------------------------------------

const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  return Buffer.concat([u32be(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, ...children: Buffer[]) => box(type, Buffer.alloc(4), ...children);
/** A box with a 64-bit size (size 1, then the 'largesize') */
const largeBox = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(16 + body.length));
  return Buffer.concat([u32be(1), Buffer.from(type, 'latin1'), size, body]);
};
/** A box running to the end of the file (size 0) */
const lastBox = (type: string, ...children: Buffer[]) =>
  Buffer.concat([u32be(0), Buffer.from(type, 'latin1'), ...children]);
const MP4_RATE = 8000;
const MP4_SAMPLES = 800;
export const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/** MP4 with moov/udta (©nam, ©xyz), moov/meta (ilst ©ART), trak/udta name and an XMP uuid box. */
export function mp4File({ tags, variant, wide }: MediaOptions): Buffer {
  const outer = wide ? largeBox : box;
  const ftyp = box('ftyp', Buffer.from('isom'), u32be(0x200), Buffer.from('isomiso2mp41'));
  const samples = Buffer.alloc(MP4_SAMPLES * 2);
  const mdat = variant ? outer('mdat', samples) : (wide ? lastBox : box)('mdat', samples);
  const mdatHeader = mdat.length - samples.length;
  const quickTimeText = (text: Buffer) => Buffer.concat([u16be(text.length), u16be(0x55c4), text]);
  const matrix = Buffer.concat([0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(u32be));
  const moov = (sampleOffset: number) =>
    outer(
      'moov',
      fullBox(
        'mvhd',
        u32be(0),
        u32be(0),
        u32be(MP4_RATE),
        u32be(MP4_SAMPLES),
        u32be(0x10000),
        u16be(0x100),
        Buffer.alloc(10),
        matrix,
        Buffer.alloc(24),
        u32be(2),
      ),
      outer(
        'trak',
        box(
          'tkhd',
          u32be(3),
          u32be(0),
          u32be(0),
          u32be(1),
          u32be(0),
          u32be(MP4_SAMPLES),
          Buffer.alloc(8),
          u32be(0),
          u16be(0x100),
          u16be(0),
          matrix,
          u32be(0),
          u32be(0),
        ),
        box(
          'mdia',
          fullBox('mdhd', u32be(0), u32be(0), u32be(MP4_RATE), u32be(MP4_SAMPLES), u16be(0x55c4), u16be(0)),
          fullBox('hdlr', u32be(0), Buffer.from('soun'), Buffer.alloc(12), Buffer.from('SoundHandler\0')),
          box(
            'minf',
            fullBox('smhd', u32be(0)),
            box('dinf', fullBox('dref', u32be(1), box('url ', u32be(1)))),
            box(
              'stbl',
              fullBox(
                'stsd',
                u32be(1),
                box(
                  'sowt',
                  Buffer.alloc(6),
                  u16be(1),
                  Buffer.alloc(8),
                  u16be(1),
                  u16be(16),
                  u32be(0),
                  u32be(MP4_RATE << 16),
                ),
              ),
              fullBox('stts', u32be(1), u32be(MP4_SAMPLES), u32be(1)),
              fullBox('stsc', u32be(1), u32be(1), u32be(MP4_SAMPLES), u32be(1)),
              fullBox('stsz', u32be(2), u32be(MP4_SAMPLES)),
              fullBox('stco', u32be(1), u32be(sampleOffset)),
            ),
          ),
        ),
        outer('udta', box('name', utf8(tag(tags, 0)))),
      ),
      outer(
        'udta',
        box('\u00a9nam', quickTimeText(utf8(tag(tags, 1)))),
        box('\u00a9xyz', quickTimeText(utf8(tag(tags, 2)))),
      ),
      fullBox(
        'meta',
        fullBox('hdlr', u32be(0), Buffer.from('mdir'), Buffer.from('appl'), Buffer.alloc(9)),
        box('ilst', box('\u00a9ART', box('data', u32be(1), u32be(0), utf8(tag(tags, 3))))),
      ),
      outer('uuid', XMP_UUID, utf8(`<x:xmpmeta><dc:title>${tag(tags, 4)}</dc:title></x:xmpmeta>`)),
    );
  // moov before mdat (a 'fast start' file) or after it; the chunk offset points at the samples either way
  if (variant) return Buffer.concat([ftyp, mdat, moov(ftyp.length + mdatHeader)]);
  const sampleOffset = ftyp.length + moov(0).length + mdatHeader;
  return Buffer.concat([ftyp, moov(sampleOffset), mdat]);
}

// ---- Matroska / WebM: one Opus track of silent packets ----------------------------------------------

/** An EBML size of the smallest width that holds it, or 8 bytes wide */
function ebmlSize(size: number, wide = false): Buffer {
  let width = wide ? 8 : 1;
  while (size >= 2 ** (7 * width) - 1) width++;
  const b = Buffer.alloc(width);
  let rest = size;
  for (let i = width - 1; i >= 0; i--) {
    b[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  b[0]! |= 0x80 >> (width - 1);
  return b;
}
const idBytes = (id: number) =>
  Buffer.from(id.toString(16).padStart(Math.ceil(id.toString(16).length / 2) * 2, '0'), 'hex');
/** The element writers, sizes as narrow as they go or (`wide`) 8 bytes wide */
function ebmlWriters(wide: boolean) {
  const el = (id: number, ...data: (Buffer | string)[]) => {
    const body = Buffer.concat(data.map((d) => (typeof d === 'string' ? utf8(d) : d)));
    return Buffer.concat([idBytes(id), ebmlSize(body.length, wide), body]);
  };
  const uintEl = (id: number, n: number) => el(id, Buffer.from([n >> 24, n >> 16, n >> 8, n].map((b) => b & 0xff)));
  const floatEl = (id: number, n: number) => {
    const b = Buffer.alloc(8);
    b.writeDoubleBE(n);
    return el(id, b);
  };
  return { el, uintEl, floatEl };
}
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
/** Opus's silent 20 ms frame (CELT, full band, mono) */
const OPUS_SILENCE = Buffer.from([0xf8, 0xff, 0xfe]);
const OPUS_PACKETS = 25;
const OPUS_HEAD = Buffer.concat([Buffer.from('OpusHead'), Buffer.from([1, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0])]);

/** WebM (or MKV) with Title, DateUTC, a track Name, Tags and a SeekHead entry for them; CRC-32 in Info. */
export function matroskaFile({ tags, variant, wide }: MediaOptions, docType: 'webm' | 'matroska'): Buffer {
  const { el, uintEl, floatEl } = ebmlWriters(wide);
  const ebml = el(
    0x1a45dfa3,
    uintEl(0x4286, 1),
    uintEl(0x42f7, 1),
    uintEl(0x42f2, 4),
    uintEl(0x42f3, 8),
    el(0x4282, docType),
    uintEl(0x4287, 4),
    uintEl(0x4285, 2),
  );
  const infoChildren = Buffer.concat([
    uintEl(0x2ad7b1, 1_000_000),
    floatEl(0x4489, OPUS_PACKETS * 20),
    el(0x4d80, 'Lavf59.27.100'),
    el(0x5741, 'Lavf59.27.100'),
    el(0x7ba9, tag(tags, 0)),
    el(0x4461, Buffer.from('0a1b2c3d4e5f6071', 'hex')),
  ]);
  const info = el(0x1549a966, el(0xbf, u32le(crc32(infoChildren))), infoChildren);
  const audio = el(0xe1, floatEl(0xb5, 48000), uintEl(0x9f, 1));
  const entry = el(
    0xae,
    uintEl(0xd7, 1),
    uintEl(0x73c5, 1),
    uintEl(0x83, 2),
    el(0x86, 'A_OPUS'),
    el(0x63a2, OPUS_HEAD),
    el(0x536e, tag(tags, 1)),
    audio,
  );
  const tracks = el(0x1654ae6b, entry);
  const blocks = Array.from({ length: OPUS_PACKETS }, (_, i) =>
    el(0xa3, Buffer.from([0x81]), u16be(i * 20), Buffer.from([0x80]), OPUS_SILENCE),
  );
  const clusterBody = Buffer.concat([uintEl(0xe7, 0), ...blocks]);
  // MediaRecorder writes unknown-size clusters (and segment); mkvmerge known ones
  const cluster = Buffer.concat([
    idBytes(0x1f43b675),
    variant ? UNKNOWN_SIZE : ebmlSize(clusterBody.length, wide),
    clusterBody,
  ]);
  const simpleTag = (i: number) => el(0x67c8, el(0x45a3, 'TITLE'), el(0x4487, tag(tags, i)));
  const tagsEl = el(0x1254c367, el(0x7373, el(0x63c0, uintEl(0x68ca, 50)), simpleTag(2), simpleTag(3)));
  const seek = (id: number, position: number) => el(0x4dbb, el(0x53ab, idBytes(id)), uintEl(0x53ac, position));
  // MediaRecorder's unknown-size cluster runs to the end: Tags go before it then, after it otherwise
  const rest: Buffer[] = variant ? [info, tracks, tagsEl, cluster] : [info, tracks, cluster, tagsEl];
  const seekHead = (at: (part: Buffer) => number) =>
    el(0x114d9b74, seek(0x1549a966, at(info)), seek(0x1654ae6b, at(tracks)), seek(0x1254c367, at(tagsEl)));
  const headLength = seekHead(() => 0).length;
  const positionOf = (part: Buffer) => headLength + rest.slice(0, rest.indexOf(part)).reduce((n, p) => n + p.length, 0);
  const body = Buffer.concat([seekHead(positionOf), ...rest]);
  return Buffer.concat([ebml, idBytes(0x18538067), variant ? UNKNOWN_SIZE : ebmlSize(body.length, wide), body]);
}

// ---- Ogg: Opus (playable) and Vorbis (headers only: its setup header is not built here) -----------

/** One Ogg page of the given segments (lacing values from their lengths), its CRC set. */
function oggPage(flags: number, granule: bigint, sequence: number, segments: Buffer[]): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(0x7e4d, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = segments.length;
  const page = Buffer.concat([header, Buffer.from(segments.map((s) => s.length)), ...segments]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** A packet's lacing segments: 255-byte ones, then one shorter (maybe empty) that ends it. */
function lace(packet: Buffer): Buffer[] {
  const segments = [];
  for (let at = 0; at <= packet.length; at += 255) segments.push(packet.subarray(at, at + 255));
  return segments;
}

/** A comment header: magic, vendor string, then `KEY=value` comments (Vorbis adds a framing bit). */
function commentHeader(magic: string, tags: string[], framing: boolean): Buffer {
  const vendor = utf8('Lavf59.27.100');
  const comments = ['TITLE', 'ARTIST', 'LOCATION', 'DESCRIPTION'].map((key, i) => utf8(`${key}=${tag(tags, i)}`));
  return Buffer.concat([
    Buffer.from(magic, 'latin1'),
    u32le(vendor.length),
    vendor,
    u32le(comments.length),
    ...comments.flatMap((c) => [u32le(c.length), c]),
    Buffer.from(framing ? [1] : []),
  ]);
}

/** Ogg Opus or (`vorbis`) Ogg Vorbis headers with comments spanning pages of `segmentsPerPage`, then audio. */
export function oggFile({ tags, variant, segmentsPerPage }: MediaOptions, codec: 'opus' | 'vorbis' = 'opus'): Buffer {
  const pages: Buffer[] = [];
  const add = (flags: number, granule: bigint, segments: Buffer[]) =>
    pages.push(oggPage(flags, granule, pages.length, segments));
  const opus = codec === 'opus';
  add(0x02, 0n, lace(opus ? OPUS_HEAD : Buffer.concat([Buffer.from('\x01vorbis', 'latin1'), Buffer.alloc(23)])));
  // the comment header (and Vorbis's setup header) cut into pages: a page continuing a packet flags it
  const headers = [commentHeader(opus ? 'OpusTags' : '\x03vorbis', tags, !opus)];
  if (!opus) headers.push(Buffer.concat([Buffer.from('\x05vorbis', 'latin1'), Buffer.alloc(40)]));
  const segments = headers.flatMap(lace);
  for (let at = 0; at < segments.length; at += segmentsPerPage) {
    const continued = at > 0 && segments[at - 1]!.length === 255;
    add(continued ? 0x01 : 0, 0n, segments.slice(at, at + segmentsPerPage));
  }
  // audio: one page of all packets, or (variant) a page each
  const packets = Array.from({ length: OPUS_PACKETS }, () => OPUS_SILENCE);
  const perPage = variant ? 1 : OPUS_PACKETS;
  for (let at = 0; at < packets.length; at += perPage) {
    const end = Math.min(packets.length, at + perPage);
    add(end === packets.length ? 0x04 : 0, BigInt(end * 960), packets.slice(at, end));
  }
  return Buffer.concat(pages);
}

// ---- FLAC: constant (silent) subframes ---------------------------------------------------------------

const FLAC_BLOCK = 4096;
const FLAC_FRAMES = 8;

function crc8(data: Buffer): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(data: Buffer): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** One FLAC frame of 4096 samples at 44.1 kHz, mono, 16 bits: a CONSTANT subframe of zero. */
function flacFrame(n: number): Buffer {
  const header = Buffer.from([0xff, 0xf8, 0xc9, 0x08, n]);
  const frame = Buffer.concat([header, Buffer.from([crc8(header), 0x00, 0x00, 0x00])]);
  return Buffer.concat([frame, u16be(crc16(frame))]);
}

const flacBlock = (type: number, last: boolean, body: Buffer) =>
  Buffer.concat([
    Buffer.from([(last ? 0x80 : 0) | type, body.length >> 16, (body.length >> 8) & 0xff, body.length & 0xff]),
    body,
  ]);

/** FLAC with VORBIS_COMMENT and PICTURE blocks (and, as `variant`, an ID3v2 tag before it all). */
export function flacFile({ tags, variant }: MediaOptions): Buffer {
  const streamInfo = Buffer.alloc(34);
  streamInfo.writeUInt16BE(FLAC_BLOCK, 0);
  streamInfo.writeUInt16BE(FLAC_BLOCK, 2);
  // sample rate (20 bits), channels - 1 (3), bits per sample - 1 (5), total samples (36)
  streamInfo.writeBigUInt64BE((44100n << 44n) | (0n << 41n) | (15n << 36n) | BigInt(FLAC_BLOCK * FLAC_FRAMES), 10);
  const comments = commentHeader('', tags, false);
  const mime = Buffer.from('image/png');
  const description = utf8(tag(tags, 4));
  const picture = Buffer.concat([
    u32be(3),
    u32be(mime.length),
    mime,
    u32be(description.length),
    description,
    u32be(1),
    u32be(1),
    u32be(24),
    u32be(0),
    u32be(8),
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
  ]);
  const blocks = Buffer.concat([
    flacBlock(0, false, streamInfo),
    flacBlock(4, false, comments),
    flacBlock(6, false, picture),
    flacBlock(1, true, Buffer.alloc(16)),
  ]);
  const frames = Array.from({ length: FLAC_FRAMES }, (_, n) => flacFrame(n));
  return Buffer.concat([variant ? id3v2(tags) : Buffer.alloc(0), Buffer.from('fLaC'), blocks, ...frames]);
}

// ---- MP3: ID3v2.4, silent MPEG-1 Layer III frames, ID3v1 (and its extended block) -----------------

const syncsafe = (n: number) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);

/** An ID3v2.4 tag of UTF-8 text frames: title, artist, comment. */
function id3v2(tags: string[]): Buffer {
  const frame = (id: string, data: Buffer) =>
    Buffer.concat([Buffer.from(id), syncsafe(data.length), Buffer.alloc(2), data]);
  const text = (i: number) => Buffer.concat([Buffer.from([3]), utf8(tag(tags, i))]);
  const frames = Buffer.concat([
    frame('TIT2', text(0)),
    frame('TPE1', text(1)),
    frame('COMM', Buffer.concat([Buffer.from([3]), Buffer.from('eng\0'), utf8(tag(tags, 2))])),
  ]);
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0]), syncsafe(frames.length), frames]);
}

/** 128 kbit/s, 44.1 kHz, mono: 417 bytes, silent (no side information, no main data). */
const MP3_FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0xc4]), Buffer.alloc(413)]);
const MP3_FRAMES = 40;
/** LAME's 'Info' frame (after the 17 bytes of side information): the frame count, so readers know the duration. */
const MP3_INFO = Buffer.from(MP3_FRAME);
MP3_INFO.write('Info', 21, 'latin1');
MP3_INFO.writeUInt32BE(1, 25);
MP3_INFO.writeUInt32BE(MP3_FRAMES, 29);

/** MP3 with an ID3v2 tag, ID3v1 at the end and (as `variant`) the extended 'TAG+' block before it. */
export function mp3File({ tags, variant }: MediaOptions): Buffer {
  const latin1 = (i: number, width: number) => {
    const field = Buffer.alloc(width);
    field.write(tag(tags, i), 'latin1');
    return field;
  };
  const v1 = Buffer.concat([
    Buffer.from('TAG'),
    latin1(0, 30),
    latin1(1, 30),
    latin1(2, 30),
    Buffer.from('2019'),
    latin1(3, 30),
    Buffer.from([12]),
  ]);
  const extended = Buffer.concat([
    Buffer.from('TAG+'),
    latin1(0, 60),
    latin1(1, 60),
    latin1(2, 60),
    Buffer.alloc(1),
    Buffer.alloc(30),
    Buffer.alloc(12),
  ]);
  const frames = Array.from({ length: MP3_FRAMES }, () => MP3_FRAME);
  return Buffer.concat([id3v2(tags), MP3_INFO, ...frames, variant ? extended : Buffer.alloc(0), v1]);
}

// ---- WAV: LIST INFO, bext, iXML and an id3 chunk, before the samples or (variant) after them --------

const riffChunk = (id: string, body: Buffer) =>
  Buffer.concat([Buffer.from(id, 'latin1'), u32le(body.length), body, Buffer.alloc(body.length & 1)]);

export function wavFile({ tags, variant }: MediaOptions): Buffer {
  const tone = wavTone(0.1);
  const format = tone.subarray(12, 36);
  const data = tone.subarray(36);
  const info = ['INAM', 'IART', 'ICMT'].map((id, i) =>
    riffChunk(id, Buffer.concat([utf8(tag(tags, i)), Buffer.alloc(1)])),
  );
  const bext = Buffer.alloc(602);
  bext.write(tag(tags, 3), 0, 256, 'latin1');
  const meta = [
    riffChunk('LIST', Buffer.concat([Buffer.from('INFO'), ...info])),
    riffChunk('bext', bext),
    riffChunk('iXML', utf8(`<BWFXML><NOTE>${tag(tags, 4)}</NOTE></BWFXML>`)),
    riffChunk('id3 ', id3v2(tags)),
  ];
  const body = Buffer.concat([Buffer.from('WAVE'), format, ...(variant ? [data, ...meta] : [...meta, data])]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(body.length), body]);
}

// ---- PDF: pdf-lib's, every information entry set and an XMP stream in the catalog ------------------

/** A PDF literal string of `text` (as Latin-1), its parentheses and backslashes escaped. */
const literal = (text: string) =>
  PDFString.of(
    Buffer.from(text, 'latin1')
      .toString('latin1')
      .replace(/[\\()]/g, '\\$&'),
  );

/**
 * A PDF of `pages` pages, object streams (PDF 1.5) as `variant`: the information dictionary holds
 * hex strings (pdf-lib's, UTF-16) and literal ones (escaped), a custom key too; the catalog an XMP stream.
 */
export async function pdfFile({ tags, variant, pages }: MediaOptions): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  doc.setTitle(tag(tags, 0));
  doc.setAuthor(tag(tags, 1));
  doc.setKeywords([tag(tags, 2)]);
  doc.setCreationDate(new Date('2019-04-01T10:00:00Z'));
  // pdf-lib writes hex strings only: literal ones are set on its information dictionary
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('Subject'), literal(tag(tags, 3)));
  info.set(PDFName.of('Creator'), literal(tag(tags, 4)));
  info.set(PDFName.of('Producer'), literal(tag(tags, 5)));
  info.set(PDFName.of('Company'), literal(tag(tags, 6)));
  const xmp = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:title>${tag(tags, 7)}</dc:title></x:xmpmeta><?xpacket end="w"?>`;
  const stream = doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
  return Buffer.from(await doc.save({ useObjectStreams: variant }));
}
