import type { ByteReader } from './byte-reader';
import { MAX_OBJECT_STREAM_BYTES, rewriteObjectStream } from './pdf-object-streams';
import { MORE, type PdfDictionary, type PdfEntry, parseDictionary, skipSpace } from './pdf-syntax';

/** Keys of the document information dictionary (ISO 32000-1 section 14.3.3) and of an article thread's. */
const INFO_KEYS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate'];
/** Keys of the dictionaries that may carry such keys too: annotations, pages, outline items. */
const NOT_INFO_KEYS = ['Type', 'Subtype', 'Rect', 'Parent', 'Kids', 'Dest', 'A', 'Count', 'Length'];
/** How a metadata stream's data is encoded: blanked with it, so the plain packet written reads as it is. */
const ENCODING_KEYS = new Set(['Filter', 'DecodeParms', 'DL']);

const SCAN_WINDOW = 64 * 1024;
const FIRST_LOOK = 4 * 1024;
/** A dictionary larger than this (a page with a huge inline array...) is passed over unread. */
const MAX_DICTIONARY_BYTES = 1024 * 1024;
/** A metadata stream whose end is not found within this many bytes is left as it is from there. */
const MAX_BLANKED_STREAM_BYTES = 16 * 1024 * 1024;
/** `12 0 obj` or `trailer`, at a token boundary */
const OBJECT_START =
  /[0-9]{1,10}[\0\t\n\f\r ]{1,8}[0-9]{1,5}[\0\t\n\f\r ]{1,8}obj(?![^\0\t\n\f\r <[(/%])|(?<![a-zA-Z])trailer/g;

const XMP_HEAD = Buffer.from(
  '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/>\n',
);
const XMP_TAIL = Buffer.from('<?xpacket end="w"?>');

/**
 * PDF: the document information dictionaries (Author, Creator, Producer, Title, dates, custom
 * keys) become empty dictionaries, every XMP metadata stream (`/Type /Metadata`: the catalog's
 * and any page's or image's) an empty XMP packet padded with spaces, and the references to them
 * (`/Info` in each trailer and cross-reference stream, `/Metadata` in the catalog) spaces. Every
 * byte keeps its place, so the cross-reference offsets stay valid; an object stream (PDF 1.5)
 * that holds the information dictionary or the catalog is recompressed to its old length. Only
 * one dictionary or object stream is held at a time: a PDF of any size streams through, and a
 * damaged one is stored as it is.
 */
export async function* pdf(reader: ByteReader): AsyncGenerator<Buffer> {
  const effort: Effort = { parsed: 0, streamed: 0 };
  for await (const chunk of scan(reader, effort)) {
    effort.streamed += chunk.length;
    yield chunk;
  }
}

/**
 * Bytes of dictionaries parsed and object streams inflated, against bytes streamed out: a file
 * built so that every object header costs a megabyte of parsing (or a tiny object stream inflates
 * to megabytes) stops being read there and streams on as it is.
 */
type Effort = { parsed: number; streamed: number };
const FREE_EFFORT = 32 * 1024 * 1024;
const EFFORT_PER_BYTE = 8;

async function* scan(reader: ByteReader, effort: Effort): AsyncGenerator<Buffer> {
  while (effort.parsed <= FREE_EFFORT + EFFORT_PER_BYTE * effort.streamed) {
    const { window, found } = await nextObjectStart(reader);
    if (!window.length) break;
    if (!found) {
      if (window.length < SCAN_WINDOW) break;
      // the last bytes may begin an object header cut by the window's end: looked at again
      yield* reader.pass(window.length - 64);
      continue;
    }
    yield* reader.pass(found.index + found[0].length);
    yield* objectBody(reader, effort);
  }
  yield* reader.pass(Number.POSITIVE_INFINITY);
}

/**
 * The most bytes OBJECT_START reads from where a match starts: `4294967295 65535 obj`, widest
 * spacing, one byte after.
 */
const OBJECT_START_REACH = 10 + 8 + 5 + 8 + 3 + 1;
const NEAR_LOOK = 512;

/**
 * The first object header within the next SCAN_WINDOW bytes, looked for in windows growing from
 * NEAR_LOOK bytes, so that each small object costs a look at about its own bytes, not at 64 KB
 * (a file of many small objects would otherwise be decoded 64 KB per object). A match in a
 * smaller window is taken only when every byte the expression may read before it lies inside
 * that window: the answer is the one the whole window gives.
 */
async function nextObjectStart(reader: ByteReader): Promise<{ window: Buffer; found: RegExpExecArray | null }> {
  for (let size = NEAR_LOOK; ; size = Math.min(SCAN_WINDOW, size * 8)) {
    const window = await reader.peek(size);
    OBJECT_START.lastIndex = 0;
    const found = OBJECT_START.exec(window.toString('latin1'));
    const whole = size === SCAN_WINDOW || window.length < size;
    if (whole || (found && found.index + OBJECT_START_REACH <= window.length)) return { window, found };
  }
}

/** After `obj` or `trailer`: the dictionary (and stream) that follows, its metadata blanked. */
async function* objectBody(reader: ByteReader, effort: Effort): AsyncGenerator<Buffer> {
  for (let size = FIRST_LOOK; size <= MAX_DICTIONARY_BYTES; size *= 4) {
    const window = await reader.peek(size);
    const complete = window.length < size; // the file ends inside this window
    const at = skipSpace(window, 0);
    const dictionary = parseDictionary(window, at);
    // a dictionary is read up to its end; one that does not parse may have been read to the window's
    effort.parsed += typeof dictionary === 'object' ? dictionary.end : window[at] === 0x3c ? window.length : at;
    if (dictionary === MORE) {
      if (complete) return;
      continue;
    }
    if (!dictionary) return;
    const keyword = skipSpace(window, dictionary.end);
    if (keyword + 8 > window.length && !complete) continue; // `stream` and its end of line may follow
    const isStream = window.toString('latin1', keyword, keyword + 6) === 'stream';
    const dataAt = isStream ? keyword + 6 + endOfLine(window, keyword + 6) : dictionary.end;
    const head = Buffer.from((await reader.take(dataAt))!);
    const entries = new Map(dictionary.entries.map((e) => [e.key, e]));
    for (const [start, end] of blanked(dictionary, entries, isStream)) head.fill(0x20, start, end);
    yield head;
    if (!isStream) return;
    const length = /^\d+$/.test(entries.get('Length')?.value ?? '') ? Number(entries.get('Length')!.value) : undefined;
    const type = entries.get('Type')?.value;
    if (type === '/Metadata') {
      yield* length === undefined ? blankUntilEndstream(reader) : overwrite(reader, length);
    } else if (type === '/ObjStm' && length !== undefined && length <= MAX_OBJECT_STREAM_BYTES) {
      const data = await reader.take(length);
      if (data) yield (await rewriteObjectStream(data, entries, blanked, effort)) ?? data;
    } else if (length !== undefined) {
      yield* reader.pass(length); // images and fonts stream through unscanned
    }
    return;
  }
}

/** The byte ranges of a dictionary to turn into spaces. */
function blanked(dictionary: PdfDictionary, entries: Map<string, PdfEntry>, isStream: boolean): [number, number][] {
  const type = entries.get('Type')?.value;
  const ranges = (keys: (key: string) => boolean) =>
    dictionary.entries.filter((e) => keys(e.key)).map((e): [number, number] => [e.start, e.end]);
  if (isStream && type === '/Metadata') return ranges((key) => ENCODING_KEYS.has(key));
  // a trailer or a cross-reference stream: the document information is no longer referenced
  if (entries.has('Root')) return ranges((key) => key === 'Info');
  if (type === '/Catalog') return ranges((key) => key === 'Metadata');
  const isInfo = INFO_KEYS.some((key) => entries.has(key)) && !NOT_INFO_KEYS.some((key) => entries.has(key));
  return isInfo && !isStream ? [[dictionary.start + 2, dictionary.end - 2]] : [];
}

/** The end of line after `stream`: CR LF, LF (or a lone CR, which some writers use). */
function endOfLine(buf: Buffer, at: number): number {
  if (buf[at] === 0x0d) return buf[at + 1] === 0x0a ? 2 : 1;
  return buf[at] === 0x0a ? 1 : 0;
}

/** `length` bytes of a metadata stream replaced by an empty XMP packet padded with spaces. */
async function* overwrite(reader: ByteReader, length: number): AsyncGenerator<Buffer> {
  const packet = length >= XMP_HEAD.length + XMP_TAIL.length && length <= MAX_DICTIONARY_BYTES;
  let at = 0;
  for await (const chunk of reader.pass(length)) {
    const out = Buffer.alloc(chunk.length, 0x20);
    if (packet) {
      if (at < XMP_HEAD.length) XMP_HEAD.copy(out, 0, at, Math.min(XMP_HEAD.length, at + chunk.length));
      const tailAt = length - XMP_TAIL.length;
      if (at + chunk.length > tailAt) XMP_TAIL.copy(out, Math.max(0, tailAt - at), Math.max(0, at - tailAt));
    }
    at += chunk.length;
    yield out;
  }
}

/** A metadata stream whose length is an indirect object: spaces up to its `endstream`. */
async function* blankUntilEndstream(reader: ByteReader): AsyncGenerator<Buffer> {
  for (let done = 0; done < MAX_BLANKED_STREAM_BYTES; ) {
    const window = await reader.peek(SCAN_WINDOW);
    const end = window.indexOf('endstream', 0, 'latin1');
    const blank = end >= 0 ? end : Math.max(0, window.length - 9);
    await reader.skip(blank);
    yield Buffer.alloc(blank, 0x20);
    done += blank;
    if (end >= 0 || window.length < SCAN_WINDOW) return;
  }
}
