import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { multipart, wavTone } from '../../test/media';
import { withoutMediaMetadata } from './media-metadata';
import { stripInChunks } from './testing/strip-in-chunks';

// ---- small real files, built here -------------------------------------------------------------

const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const text = (value: string) => Buffer.from(value, 'latin1');
const GPS = '+35.6586+139.7454/';
const PAYLOAD = text('the media samples themselves, which must not move');

/**
 * A minimal MP4 with its moov before mdat (a 'fast start' file, the hard case): QuickTime GPS in
 * moov/udta, iTunes-style tags in moov/meta, a track name in trak/udta, and an stco chunk offset
 * pointing at the samples in mdat.
 */
function mp4WithGps(): { file: Buffer; sampleOffset: number } {
  const ftyp = box('ftyp', text('isom'), Buffer.from([0, 0, 2, 0]), text('isomiso2mp41'));
  const stco = (offset: number) => {
    const body = Buffer.alloc(12);
    body.writeUInt32BE(1, 4); // one entry
    body.writeUInt32BE(offset, 8);
    return box('stco', body);
  };
  const moov = (offset: number) =>
    box(
      'moov',
      box('mvhd', Buffer.alloc(100)),
      box(
        'trak',
        box('tkhd', Buffer.alloc(84)),
        box('mdia', box('minf', box('stbl', stco(offset)))),
        box('udta', box('name', text('Kitchen camera'))),
      ),
      box('udta', box('\u00a9xyz', Buffer.from([0, GPS.length, 0x15, 0xc7]), text(GPS))),
      box('meta', Buffer.alloc(4), box('ilst', box('\u00a9nam', box('data', Buffer.alloc(8), text('Home address'))))),
    );
  const head = Buffer.concat([ftyp, moov(0)]);
  const sampleOffset = head.length + 8;
  return { file: Buffer.concat([ftyp, moov(sampleOffset), box('mdat', PAYLOAD)]), sampleOffset };
}

/** An MP3: an ID3v2 tag, three MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz), an ID3v1 tag. */
function mp3WithTags(): { file: Buffer; frames: Buffer } {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb9064, 0);
  const frames = Buffer.concat([frame, frame, frame]);
  const title = Buffer.concat([text('\u0003'), text('Secret recording')]);
  const tit2 = Buffer.concat([text('TIT2'), Buffer.from([0, 0, 0, title.length, 0, 0]), title]);
  const id3v2 = Buffer.concat([text('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, tit2.length]), tit2]);
  const id3v1 = Buffer.alloc(128);
  id3v1.write('TAGSecret recording', 0, 'latin1');
  return { file: Buffer.concat([id3v2, frames, id3v1]), frames };
}

function flacWithComment(): Buffer {
  const streamInfo = Buffer.concat([Buffer.from([0x00, 0, 0, 34]), Buffer.alloc(34)]);
  const comment = Buffer.concat([text('ARTIST=Someone at 12 High Street')]);
  const header = Buffer.from([0x80 | 4, 0, 0, comment.length]);
  return Buffer.concat([text('fLaC'), streamInfo, header, comment, Buffer.alloc(64, 0xaa)]);
}

function wavWithInfo(): Buffer {
  const tone = wavTone(0.05);
  const name = text('INAM\u000c\u0000\u0000\u0000Field notes\u0000');
  const list = Buffer.concat([text('LIST'), Buffer.alloc(4), text('INFO'), name]);
  list.writeUInt32LE(list.length - 8, 4);
  const file = Buffer.concat([tone, list]);
  file.writeUInt32LE(file.length - 8, 4);
  return file;
}

const strip = (file: Buffer, ext: string, chunkSize = 7) => stripInChunks(file, ext, chunkSize);

/** The top-level (or given level) box types of an ISO BMFF buffer. */
function boxTypes(buf: Buffer, start = 0, end = buf.length): string[] {
  const types = [];
  for (let at = start; at < end; at += buf.readUInt32BE(at)) types.push(buf.toString('latin1', at + 4, at + 8));
  return types;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/** Every box as [type, size, depth], walking into the containers. */
function boxTree(buf: Buffer, start = 0, end = buf.length, depth = 0): [string, number, number][] {
  const boxes: [string, number, number][] = [];
  for (let at = start; at < end; at += buf.readUInt32BE(at)) {
    const type = buf.toString('latin1', at + 4, at + 8);
    boxes.push([type, buf.readUInt32BE(at), depth]);
    if (CONTAINERS.has(type)) boxes.push(...boxTree(buf, at + 8, at + buf.readUInt32BE(at), depth + 1));
  }
  return boxes;
}

// ---- tests --------------------------------------------------------------------------------------

describe('media metadata stripping', () => {
  it('blanks GPS, tags and names out of an MP4 whose moov precedes mdat, keeping every size and chunk offset', async () => {
    const { file, sampleOffset } = mp4WithGps();
    const out = await strip(file, 'mp4');
    expect(out.length).toBe(file.length);
    for (const secret of [GPS, 'Home address', 'Kitchen camera', '\u00a9xyz'])
      expect(out.includes(text(secret))).toBe(false);
    expect(boxTypes(out)).toEqual(['ftyp', 'moov', 'mdat']);
    const moovAt = out.readUInt32BE(0); // after ftyp
    expect(boxTypes(out, moovAt + 8, moovAt + out.readUInt32BE(moovAt))).toEqual(['mvhd', 'trak', 'free', 'free']);
    // the chunk offset still points at the samples
    expect(out.subarray(sampleOffset, sampleOffset + PAYLOAD.length)).toEqual(PAYLOAD);
    expect((await fileTypeFromBuffer(out))?.ext).toBe('mp4');
  });

  it('blanks the metadata of an MP4 whose moov comes after mdat too', async () => {
    const { file } = mp4WithGps();
    const ftypLength = file.readUInt32BE(0);
    const moovLength = file.readUInt32BE(ftypLength);
    const ftyp = file.subarray(0, ftypLength);
    const moov = file.subarray(ftypLength, ftypLength + moovLength);
    const mdat = file.subarray(ftypLength + moovLength);
    const out = await strip(Buffer.concat([ftyp, mdat, moov]), 'm4a', 64 * 1024);
    expect(boxTypes(out)).toEqual(['ftyp', 'mdat', 'moov']);
    expect(out.includes(text(GPS))).toBe(false);
    expect(out.length).toBe(file.length);
  });

  it('never makes a file larger than the upload, whatever size a box claims', async () => {
    const lying = Buffer.concat([box('ftyp', text('isom')), text('\u00ff\u00ff\u00ff\u00ffudta'), text('short')]);
    const out = await strip(lying, 'mp4');
    expect(out.length).toBe(lying.length);
    expect(out.includes(text('short'))).toBe(false);
  });

  it('drops the ID3v2 and ID3v1 tags of an MP3 and keeps its frames', async () => {
    const { file, frames } = mp3WithTags();
    expect((await fileTypeFromBuffer(file))?.ext).toBe('mp3');
    expect(await strip(file, 'mp3')).toEqual(frames);
    expect(await strip(file, 'mp3', 100_000)).toEqual(frames);
  });

  it('turns FLAC comments into padding and WAV INFO into JUNK, same length', async () => {
    const flac = flacWithComment();
    const strippedFlac = await strip(flac, 'flac');
    expect(strippedFlac.length).toBe(flac.length);
    expect(strippedFlac.includes(text('Someone'))).toBe(false);
    expect(strippedFlac[4 + 38]).toBe(0x80 | 1); // last block, PADDING
    const wav = wavWithInfo();
    const strippedWav = await strip(wav, 'wav');
    expect(strippedWav.length).toBe(wav.length);
    expect(strippedWav.includes(text('Field notes'))).toBe(false);
    expect(strippedWav.includes(text('JUNK'))).toBe(true);
    expect(strippedWav.subarray(0, 44)).toEqual(wav.subarray(0, 44));
  });

  it('blanks the metadata inside a large moov, walking its boxes as they stream, not read whole', async () => {
    // an 8 MB sample table puts the track's name and moov's GPS and XMP behind it
    const moov = box(
      'moov',
      box('mvhd', Buffer.alloc(100)),
      box(
        'trak',
        box('mdia', box('minf', box('stbl', box('stsz', Buffer.alloc(8 * 1024 * 1024, 1))))),
        box('udta', box('name', text('Kitchen camera'))),
      ),
      box('udta', box('\u00a9xyz', text(GPS))),
      box('uuid', XMP_UUID, text('<x:xmpmeta>Home address</x:xmpmeta>')),
    );
    const ftyp = box('ftyp', text('isom'));
    const file = Buffer.concat([ftyp, moov, box('mdat', PAYLOAD)]);
    // how much of the upload had been read when moov's first child came out
    let read = 0;
    let readWhenMvhdOut: number | undefined;
    async function* upload() {
      for (let at = 0; at < file.length; at += 64 * 1024) {
        read = Math.min(file.length, at + 64 * 1024);
        yield file.subarray(at, at + 64 * 1024);
      }
    }
    const chunks: Buffer[] = [];
    let written = 0;
    for await (const chunk of withoutMediaMetadata(Readable.from(upload()), 'mp4')) {
      chunks.push(chunk as Buffer);
      written += (chunk as Buffer).length;
      if (readWhenMvhdOut === undefined && written >= ftyp.length + 8 + 108) readWhenMvhdOut = read;
    }
    expect(readWhenMvhdOut).toBeLessThan(1024 * 1024);
    const out = Buffer.concat(chunks);
    expect(out.length).toBe(file.length);
    for (const secret of [GPS, 'Kitchen camera', 'Home address']) expect(out.includes(text(secret))).toBe(false);
    // the same tree, box for box and size for size, with the metadata boxes now 'free'
    const expected = boxTree(file).map(([type, size, depth]) => [
      ['udta', 'uuid'].includes(type) ? 'free' : type,
      size,
      depth,
    ]);
    expect(boxTree(out)).toEqual(expected);
    expect(out.subarray(out.length - PAYLOAD.length)).toEqual(PAYLOAD);
  });

  it('leaves formats it does not know as they are', async () => {
    const epub = Buffer.from('PK\u0003\u0004 mimetypeapplication/epub+zip'.repeat(10));
    expect(await strip(epub, 'epub')).toEqual(epub);
  });
});

describe('POST app/upload strips media metadata', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('stores a video without its GPS and an MP3 without its tags', async () => {
    const { token } = await buildUser(t.db);
    const stored = async (name: string, bytes: Buffer) => {
      const body = await multipart({}, { name, bytes });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/upload',
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      return readFileSync(join(t.app.ctx.config.storageDir, 'media', res.json().url));
    };
    const video = await stored('walk.mp4', mp4WithGps().file);
    expect(video.includes(text(GPS))).toBe(false);
    const { file, frames } = mp3WithTags();
    expect(await stored('song.mp3', file)).toEqual(frames);
  });
});
