/**
 * Just enough PDF syntax (ISO 32000-1 section 7.2-7.3) to find a dictionary's entries in a byte buffer:
 * where each key and value starts and ends, nested objects skipped whole. Positions are offsets
 * into the buffer, so an entry can be blanked in place.
 */

/** One entry of a dictionary: `/Key value`, `value` as written when it is short (names, numbers, refs). */
export type PdfEntry = { key: string; start: number; end: number; value: string };
export type PdfDictionary = { start: number; end: number; entries: PdfEntry[] };
/** The buffer ends before the object does: more bytes are needed to tell. */
export const MORE = 'more';

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const isRegular = (byte: number | undefined) => byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
const MAX_NESTING = 32;
const SHORT_VALUE = 64;

/** Past whitespace and comments from `at`; the buffer's length when it ends first. */
export function skipSpace(buf: Buffer, at: number): number {
  let i = at;
  while (i < buf.length) {
    if (WHITESPACE.has(buf[i]!)) i++;
    else if (buf[i] === 0x25 /* % */) {
      while (i < buf.length && buf[i] !== 0x0a && buf[i] !== 0x0d) i++;
    } else break;
  }
  return i;
}

/** The dictionary opening at buf[at] (`<<`); MORE when the buffer ends inside it; undefined when it is not one. */
export function parseDictionary(buf: Buffer, at: number): PdfDictionary | typeof MORE | undefined {
  if (at + 2 > buf.length) return MORE;
  if (buf[at] !== 0x3c || buf[at + 1] !== 0x3c) return undefined;
  const entries: PdfEntry[] = [];
  let i = at + 2;
  for (;;) {
    i = skipSpace(buf, i);
    if (i + 2 > buf.length) return MORE;
    if (buf[i] === 0x3e && buf[i + 1] === 0x3e) return { start: at, end: i + 2, entries };
    if (buf[i] !== 0x2f /* / */) return undefined;
    const keyEnd = objectEnd(buf, i, 0);
    if (typeof keyEnd !== 'number') return keyEnd;
    const valueStart = skipSpace(buf, keyEnd);
    const valueEnd = valueWithReference(buf, valueStart);
    if (typeof valueEnd !== 'number') return valueEnd;
    entries.push({
      key: buf.toString('latin1', i + 1, keyEnd),
      start: i,
      end: valueEnd,
      value: valueEnd - valueStart <= SHORT_VALUE ? buf.toString('latin1', valueStart, valueEnd) : '',
    });
    i = valueEnd;
  }
}

/** The end of the value at `at`, an indirect reference `12 0 R` taken as one value. */
function valueWithReference(buf: Buffer, at: number): number | typeof MORE | undefined {
  const end = objectEnd(buf, at, 0);
  if (typeof end !== 'number' || !isInteger(buf, at, end)) return end;
  const generationAt = skipSpace(buf, end);
  const generationEnd = objectEnd(buf, generationAt, 0);
  if (generationEnd === MORE) return MORE;
  if (generationEnd === undefined || !isInteger(buf, generationAt, generationEnd)) return end;
  const r = skipSpace(buf, generationEnd);
  if (r + 1 >= buf.length) return MORE;
  return buf[r] === 0x52 /* R */ && !isRegular(buf[r + 1]) ? r + 1 : end;
}

const isInteger = (buf: Buffer, start: number, end: number) => /^\d+$/.test(buf.toString('latin1', start, end));

/** The end of the object (string, name, array, dictionary, number or keyword) at `at`. */
export function objectEnd(buf: Buffer, at: number, depth: number): number | typeof MORE | undefined {
  if (at >= buf.length) return MORE;
  if (depth > MAX_NESTING) return undefined;
  const byte = buf[at]!;
  if (byte === 0x28 /* ( */) return literalStringEnd(buf, at);
  if (byte === 0x3c /* < */) {
    if (at + 1 >= buf.length) return MORE;
    if (buf[at + 1] === 0x3c) {
      const close = parseNested(buf, at + 2, 0x3e, depth);
      if (typeof close !== 'number') return close;
      if (close + 1 >= buf.length) return MORE;
      return buf[close + 1] === 0x3e ? close + 2 : undefined;
    }
    const close = buf.indexOf(0x3e, at);
    return close < 0 ? MORE : close + 1;
  }
  if (byte === 0x5b /* [ */) {
    const close = parseNested(buf, at + 1, 0x5d, depth);
    return typeof close === 'number' ? close + 1 : close;
  }
  if (byte === 0x2f /* / */) {
    let i = at + 1;
    while (i < buf.length && isRegular(buf[i])) i++;
    return i < buf.length ? i : MORE;
  }
  if (!isRegular(byte)) return undefined;
  let i = at;
  while (i < buf.length && isRegular(buf[i])) i++;
  return i < buf.length ? i : MORE;
}

/** Objects up to the closing byte (`]`, or the first `>` of `>>`): the position of that byte. */
function parseNested(buf: Buffer, from: number, close: number, depth: number): number | typeof MORE | undefined {
  let i = from;
  for (;;) {
    i = skipSpace(buf, i);
    if (i >= buf.length) return MORE;
    if (buf[i] === close) return i;
    const end = objectEnd(buf, i, depth + 1);
    if (typeof end !== 'number') return end;
    i = end;
  }
}

/** A literal string: balanced parentheses, `\` escaping the next byte. */
function literalStringEnd(buf: Buffer, at: number): number | typeof MORE {
  let depth = 0;
  for (let i = at; i < buf.length; i++) {
    const byte = buf[i]!;
    if (byte === 0x5c /* \ */) i++;
    else if (byte === 0x28) depth++;
    else if (byte === 0x29 && --depth === 0) return i + 1;
  }
  return MORE;
}
