import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, deflateRawSync, deflateSync, inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { uploadFile } from '../../test/media';
import { bytesDecoded } from './testing/decoded-bytes';
import { stripInChunks } from './testing/strip-in-chunks';
import { deflatedToLength } from './pdf-object-streams';

// ---- PDFs built here with pdf-lib -------------------------------------------------------------

const SECRETS = ['Ada Lovelace', 'Home address', 'private, draft', 'Kitchen scanner', 'Secret Producer', 'D:2019'];
const XMP = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Ada Lovelace</dc:creator>
<dc:title>Home address</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;

/** Whether `text` is in the bytes as written, or as pdf-lib writes strings: UTF-16BE hex with a BOM. */
function has(pdf: Buffer, text: string): boolean {
  const utf16 = Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();
  return pdf.includes(Buffer.from(text)) || pdf.includes(Buffer.from(`FEFF${utf16}`));
}

/** Two pages, every information entry set, an XMP stream in the catalog (compressed or not). */
async function pdfWithMetadata({ objectStreams = false, compressXmp = false } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage().drawText('Page one');
  doc.addPage().drawText('Page two');
  doc.setTitle('Home address');
  doc.setAuthor('Ada Lovelace');
  doc.setSubject('private, draft');
  doc.setKeywords(['private, draft']);
  doc.setCreator('Kitchen scanner');
  doc.setProducer('Secret Producer');
  doc.setCreationDate(new Date('2019-04-01T10:00:00Z'));
  doc.setModificationDate(new Date('2019-04-02T10:00:00Z'));
  const metadata = { Type: 'Metadata', Subtype: 'XML' };
  const stream = compressXmp ? doc.context.flateStream(XMP, metadata) : doc.context.stream(XMP, metadata);
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
  return Buffer.from(await doc.save({ useObjectStreams: objectStreams }));
}

/** A hand-written PDF 1.4: a classic xref table, its XMP stream's Length an indirect object. */
function handWrittenPdf(): Buffer {
  const xmp = deflateSync(Buffer.from(XMP));
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    Buffer.concat([
      Buffer.from('<< /Type /Metadata /Subtype /XML /Length 5 0 R /Filter /FlateDecode >>\nstream\n'),
      xmp,
      Buffer.from('\nendstream'),
    ]),
    String(xmp.length),
    '<</Producer (Secret Producer)/Author(Ada \\(Lovelace\\) Lovelace)/CreationDate(D:20190401)/Company(Home address)>>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((body, i) => {
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    offsets.push(at);
    parts.push(object);
    at += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
  ];
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(`${xref.join('\n')}\n${trailer}`));
  return Buffer.concat(parts);
}

const strip = (file: Buffer, chunkSize = 1000) => stripInChunks(file, 'pdf', chunkSize);

const load = (bytes: Buffer) => PDFDocument.load(bytes, { updateMetadata: false });

/** Every in-use entry of a classic xref table still points at its `N G obj`. */
function expectXrefValid(file: Buffer) {
  const startxref = Number(/startxref\s+(\d+)/.exec(file.toString('latin1'))![1]);
  const table = file.toString('latin1', startxref).split('\n');
  expect(table[0]).toBe('xref');
  table.slice(3).forEach((line, i) => {
    if (!line.endsWith(' n ')) return;
    expect(file.toString('latin1', Number(line.slice(0, 10)), Number(line.slice(0, 10)) + 12)).toMatch(
      new RegExp(`^${i + 1} 0 obj`),
    );
  });
}

// ---- tests --------------------------------------------------------------------------------------

describe('PDF metadata stripping: information dictionary and XMP blanked, every byte in its place', () => {
  it('empties the information dictionary and the XMP stream, same length, same pages', async () => {
    for (const compressXmp of [false, true]) {
      const file = await pdfWithMetadata({ compressXmp });
      expect((await load(file)).getAuthor()).toBe('Ada Lovelace');
      for (const secret of SECRETS) expect(has(file, secret)).toBe(true);
      const out = await strip(file, 7);
      expect(out.length).toBe(file.length);
      for (const secret of SECRETS) expect(has(out, secret)).toBe(false);
      const doc = await load(out);
      expect(doc.getPageCount()).toBe(2);
      for (const read of [doc.getTitle(), doc.getAuthor(), doc.getSubject(), doc.getKeywords(), doc.getProducer()])
        expect(read).toBeUndefined();
      expect(doc.getCreationDate()).toBeUndefined();
      expect(doc.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
      // the XMP stream itself, now unreferenced, holds an empty packet padded with spaces
      const xmp = doc.context
        .enumerateIndirectObjects()
        .find(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Type')) === PDFName.of('Metadata'));
      const packet = Buffer.from((xmp![1] as PDFRawStream).contents).toString();
      expect(packet).toMatch(
        /^<\?xpacket begin=".*"\?><x:xmpmeta xmlns:x="adobe:ns:meta\/"\/>\s+<\?xpacket end="w"\?>$/s,
      );
      expect((xmp![1] as PDFRawStream).dict.get(PDFName.of('Filter'))).toBeUndefined();
      expectXrefValid(out);
      expect((await fileTypeFromBuffer(out))?.ext).toBe('pdf');
    }
  });

  it('blanks a hand-written PDF: classic trailer, escaped strings, custom key, indirect XMP Length', async () => {
    const file = handWrittenPdf();
    expectXrefValid(file);
    const out = await strip(file, 3);
    expect(out.length).toBe(file.length);
    for (const secret of ['Secret Producer', 'Lovelace', 'Home address', 'D:2019'])
      expect(out.includes(Buffer.from(secret))).toBe(false);
    expect(out.includes(Buffer.from('FlateDecode'))).toBe(false);
    expect(out.toString('latin1')).toMatch(/6 0 obj\n<< +>>\nendobj/);
    expectXrefValid(out);
    expect((await load(out)).getPageCount()).toBe(1);
  });

  it('empties the information and catalog inside an object stream, recompressed to its length', async () => {
    const file = await pdfWithMetadata({ objectStreams: true });
    const objectStreams = (pdf: Buffer) =>
      [...pdf.toString('latin1').matchAll(/\/Type \/ObjStm[^>]*\/Length (\d+)\s*>>\s*stream\n/g)].map((m) =>
        inflateSync(pdf.subarray(m.index + m[0].length, m.index + m[0].length + Number(m[1]))),
      );
    expect(objectStreams(file).some((objects) => has(objects, 'Ada Lovelace'))).toBe(true);
    const out = await strip(file);
    expect(out.length).toBe(file.length);
    expect(objectStreams(out)).toHaveLength(objectStreams(file).length);
    for (const objects of [out, ...objectStreams(out)])
      for (const secret of SECRETS) expect(has(objects, secret)).toBe(false);
    const doc = await load(out);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getAuthor()).toBeUndefined();
    expect(doc.getProducer()).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('Metadata'))).toBeUndefined();
  });

  it('pads a recompressed stream to any length with empty deflate blocks', async () => {
    const content = Buffer.from('<< /Type /Catalog /Pages 2 0 R >> '.repeat(20));
    // zlib header, deflated and flushed data, at least 2 bytes of empty blocks, Adler-32
    const shortest = 2 + deflateRawSync(content, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }).length + 2 + 4;
    for (let length = shortest; length < shortest + 40; length++) {
      const padded = await deflatedToLength(content, length);
      expect(padded?.length).toBe(length);
      expect(inflateSync(padded!)).toEqual(content);
    }
    expect(await deflatedToLength(content, shortest - 1)).toBeUndefined();
  });

  it('empties an information dictionary that holds only a title', async () => {
    const file = Buffer.from('%PDF-1.4\n5 0 obj\n<</Title (Holiday plans)>>\nendobj\n');
    expect((await strip(file, 4)).toString()).toBe(
      `%PDF-1.4\n5 0 obj\n<<${' '.repeat('/Title (Holiday plans)'.length)}>>\nendobj\n`,
    );
  });

  it('streams a PDF built to make each object header cost a megabyte of parsing through unchanged', async () => {
    // every header opens a dictionary whose string never ends: read naively, 2 MB would cost 100 GB
    const hostile = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('1 0 obj<<(\n'.repeat(200_000))]);
    expect((await strip(hostile, 64 * 1024)).equals(hostile)).toBe(true);
  });

  it('keeps bookmarks, annotations and a damaged file as they are', async () => {
    const outline = Buffer.from(
      '%PDF-1.4\n7 0 obj\n<< /Title (Chapter 1) /Parent 6 0 R /Dest [3 0 R /Fit] >>\nendobj\n',
    );
    const note = Buffer.from(
      '8 0 obj\n<< /Subtype /Text /Rect [0 0 1 1] /CreationDate (D:2020) /Contents (Hi) >>\nendobj\n',
    );
    const outlines = Buffer.from('6 0 obj\n<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>\nendobj\n');
    const damaged = Buffer.from('9 0 obj\n<< /Author (cut off');
    const file = Buffer.concat([outline, outlines, note, damaged]);
    expect(await strip(file, 5)).toEqual(file);
  });

  it('looks at about the bytes of each object, not 64 KB per object, however small the objects', async () => {
    // fuzzing's shrunk case was 67 such objects: 59,972 bytes decoded for a 1,751-byte file, the
    // whole rest of the file once per object (at 2,000 objects, about 1,000 times the file)
    const file = Buffer.from(`%PDF-1.4\n${'0 0 obj\n<< /A 1 >>\nendobj\n'.repeat(2000)}`);
    const decoded = await bytesDecoded(async () => expect(await strip(file, 64 * 1024)).toEqual(file));
    expect(decoded).toBeLessThan(32 * file.length);
  });
});

describe('POST app/upload strips PDF metadata', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('stores a PDF without its author and XMP, and it still opens with its pages', async () => {
    const { token } = await buildUser(t.db);
    const res = await uploadFile(t.app, token, await pdfWithMetadata(), 'notes.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fileType: 'document', contentType: 'application/pdf' });
    const bytes = readFileSync(join(t.app.ctx.config.storageDir, 'media', res.json().url));
    for (const secret of SECRETS) expect(has(bytes, secret)).toBe(false);
    expect((await load(bytes)).getPageCount()).toBe(2);
  });
});
