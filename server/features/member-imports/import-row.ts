import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { ImportField } from '../../../common/member-imports/schemas';

/**
 * One member to import, whatever the source: a CSV row read through its column mapping, or later
 * a customer listed from Stripe. The processor and the preview read only this.
 */
export type ImportRow = {
  /** 1 for the first member (the row after the header) */
  row: number;
  /** trimmed and lower-cased, not yet checked */
  email: string;
  name: string;
  /** the tier value(s) as written in the source; empty: no tier */
  tiers: string[];
  /** as written; empty: for good */
  until: string;
  notes: string;
  stripeCustomerId: string;
  /** the source says this person opted out of mail */
  optedOut: boolean;
  /** the source says this membership has ended or was declined: it joins no tier */
  lapsed: boolean;
};

const NO = /^(false|no|n|0|off|unsubscribed)$/i;
const YES = /^(true|yes|y|1|on)$/i;
const LAPSED = /(former|declined|cancel|inactive|expired|ended|deleted)/i;

/** Splits a cell of several tier names (Ghost's tiers, Kajabi's products) into each. */
const tierValues = (cell: string) =>
  cell
    .split(/[,;|]/)
    .map((v) => v.trim())
    .filter(Boolean);

/** One CSV record read through the column mapping. */
export function toImportRow(record: readonly string[], columns: readonly ImportField[], row: number): ImportRow {
  const cell = (field: ImportField) => {
    const at = columns.indexOf(field);
    return at < 0 ? '' : (record[at] ?? '').trim();
  };
  return {
    row,
    email: cell('email').toLowerCase(),
    name: cell('name'),
    tiers: tierValues(cell('tier')),
    until: cell('until'),
    notes: cell('notes'),
    stripeCustomerId: cell('stripeCustomerId'),
    optedOut: NO.test(cell('subscribed')) || YES.test(cell('unsubscribed')),
    lapsed: LAPSED.test(cell('status')),
  };
}

/** A CSV parser that reads records as arrays of strings, one at a time. */
export const csvParser = () =>
  parse({ bom: true, relaxColumnCount: true, skipEmptyLines: true, relaxQuotes: true, maxRecordSize: 64 * 1024 });

/** The header row of a CSV stream; the stream is closed after it. */
export async function readHeaders(stream: Readable): Promise<string[]> {
  const parser = stream.pipe(csvParser());
  try {
    for await (const record of parser) return (record as string[]).map((h) => h.trim());
    return [];
  } finally {
    stream.destroy();
    parser.destroy();
  }
}

/**
 * The rows of a CSV stream as ImportRows, one at a time (memory stays bounded by one record and
 * the parser's buffer), skipping the header; `from` skips rows already processed.
 */
export async function* importRows(stream: Readable, columns: readonly ImportField[], from = 0) {
  const parser = stream.pipe(csvParser());
  let row = -1;
  try {
    for await (const record of parser) {
      row++;
      if (row === 0 || row <= from) continue;
      yield toImportRow(record as string[], columns, row);
    }
  } finally {
    stream.destroy();
    parser.destroy();
  }
}
