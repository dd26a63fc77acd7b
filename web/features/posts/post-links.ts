/** A piece of post text: plain words, or a web address to make clickable. */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Only http(s) addresses become links: never javascript:, data: or anything else.
const ADDRESS = /https?:\/\/[^\s<>"']+/gi;
// A sentence's closing punctuation belongs to the sentence, not the address.
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits post text into plain strings and web addresses, so nothing in it is ever read as HTML. */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = match[0].replace(TRAILING, '');
    if (!/^https?:\/\/[^/?#\s]+/i.test(address)) continue;
    if (start > at) pieces.push({ kind: 'text', text: text.slice(at, start) });
    pieces.push({ kind: 'link', text: address, href: address });
    at = start + address.length;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}
