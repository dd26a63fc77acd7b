import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { withoutMediaMetadata } from '../media-metadata';
import type { MediaOptions } from './playable-media';

/**
 * Tests only: what the strippers' property tests share. FUZZ_SEED=<number> picks another seed than
 * the fixed one; FUZZ_RUNS=<factor> multiplies every case count (FUZZ_RUNS=20 for a long run).
 */

/**
 * Cases per parser and property, in a default run: random bytes, mutated real files, real files
 * with random metadata checked for leftovers (PDF: each read back by pdf-lib), of those how many
 * ffprobe reads (a process each, the slow part), and PDFs of many small objects whose scanning
 * cost is counted.
 */
export const CASES_PER_PARSER = {
  randomBytes: 600,
  mutated: 1400,
  stripped: 250,
  strippedPdf: 120,
  probed: 12,
  pdfCost: 100,
};

/** The seed is fixed so a run is reproducible (a failure prints seed, path and shrunk input). */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20251207);
const RUNS_FACTOR = Number(process.env.FUZZ_RUNS ?? 1);
export const fuzzRuns = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns: Math.ceil(numRuns * RUNS_FACTOR) });
/** A property's time limit: two minutes (a busy machine stays within it), times FUZZ_RUNS. */
export const FUZZ_TEST_TIMEOUT_MS = 120_000 * RUNS_FACTOR;

/** A stripping run that has not ended after this long is a hang. */
export const CASE_TIMEOUT_MS = 2000;

/**
 * The stripper's output for `file` fed in chunks of the given sizes (cycled), failing as a hang
 * past CASE_TIMEOUT_MS. A loop that never awaits anything outside the process (no I/O, no timer)
 * keeps the timer from firing too: such a hang stops the test run itself.
 */
export async function stripChunked(
  file: Uint8Array,
  ext: string,
  sizes: number[] = [file.length || 1],
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < file.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    chunks.push(Buffer.from(file.subarray(at, at + size)));
    at += size;
  }
  const run = async () => {
    const out: Buffer[] = [];
    for await (const chunk of withoutMediaMetadata(Readable.from(chunks), ext)) out.push(chunk as Buffer);
    return Buffer.concat(out);
  };
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`hang: ${ext} stripping did not end within ${CASE_TIMEOUT_MS} ms`)),
      CASE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([run(), hang]);
  } finally {
    clearTimeout(timer);
  }
}

/** Chunk sizes that cut headers everywhere: mostly 1-16 bytes, some a few kilobytes. */
export const chunkSizes = fc.array(fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 4096 })), {
  minLength: 1,
  maxLength: 8,
});

// ---- metadata values ------------------------------------------------------------------------------

/** Opens every metadata value, so a stripped file is searched for this one string. */
export const SECRET = 'TendSecret';
/** A metadata value: short and any UTF-16 (lone surrogates too), or long enough to span pages and size widths. */
const tagValue = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme-ascii', minLength: 100, maxLength: 1500 }),
  )
  .map((rest) => SECRET + rest);
export const mediaOptions: fc.Arbitrary<MediaOptions> = fc.record({
  tags: fc.array(tagValue, { minLength: 1, maxLength: 7 }),
  variant: fc.boolean(),
  wide: fc.boolean(),
  segmentsPerPage: fc.integer({ min: 1, max: 255 }),
  pages: fc.integer({ min: 1, max: 3 }),
});

// ---- mutations ------------------------------------------------------------------------------------

/** A length field of a format: where it is, how wide, how written. */
export type SizeField = { at: number; width: number; encoding: 'be' | 'le' | 'vint' | 'syncsafe' | 'decimal' };

type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'overwrite'; at: number; bytes: Uint8Array }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'token'; at: number; token: number; insert: boolean }
  | { kind: 'truncate'; at: number };

type SizeMutation = { field: number; value: 'zero' | 'one' | 'max' | 'near' | 'random'; delta: number; random: number };

const position = fc.nat({ max: 1 << 24 });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: position, bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({
    kind: fc.constant('overwrite' as const),
    at: position,
    bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: position,
    bytes: fc.uint8Array({ minLength: 1, maxLength: 32 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ kind: fc.constant('token' as const), at: position, token: fc.nat(), insert: fc.boolean() }),
  fc.record({ kind: fc.constant('truncate' as const), at: position }),
);
const sizeMutation: fc.Arbitrary<SizeMutation> = fc.record({
  field: fc.nat(),
  value: fc.constantFrom('zero', 'one', 'max', 'near', 'random'),
  delta: fc.integer({ min: -9, max: 9 }),
  random: fc.nat({ max: 0xffffffff }),
});

/** The plan for one mutated file: length fields rewritten, then bytes flipped, cut, added and moved. */
export const mutations = fc.record({
  sizes: fc.array(sizeMutation, { maxLength: 3 }),
  bytes: fc.array(mutation, { maxLength: 6 }),
});

/**
 * `file` mutated as planned: length fields (found by `fields`) set to zero, one, all ones, their
 * value plus or minus a little, or anything; then bytes changed, the format's own markers
 * (`tokens`) dropped in, and the file cut short.
 */
export function mutate(
  file: Buffer,
  plan: { sizes: SizeMutation[]; bytes: Mutation[] },
  fields: SizeField[],
  tokens: Buffer[],
): Buffer {
  let out: Buffer = Buffer.from(file);
  for (const change of plan.sizes) {
    const field = fields[change.field % Math.max(1, fields.length)];
    if (field) out = writeSize(out, field, change);
  }
  for (const m of plan.bytes) {
    const at = m.at % (out.length + 1);
    if (m.kind === 'flip' && at < out.length) out[at]! ^= 1 << m.bit;
    else if (m.kind === 'overwrite')
      out = Buffer.concat([out.subarray(0, at), m.bytes, out.subarray(at + m.bytes.length)]);
    else if (m.kind === 'insert') out = Buffer.concat([out.subarray(0, at), m.bytes, out.subarray(at)]);
    else if (m.kind === 'delete') out = Buffer.concat([out.subarray(0, at), out.subarray(at + m.length)]);
    else if (m.kind === 'token' && tokens.length) {
      const token = tokens[m.token % tokens.length]!;
      out = Buffer.concat([out.subarray(0, at), token, out.subarray(m.insert ? at : at + token.length)]);
    } else if (m.kind === 'truncate') out = out.subarray(0, at);
  }
  return out;
}

function writeSize(file: Buffer, field: SizeField, change: SizeMutation): Buffer {
  const { at, width, encoding } = field;
  if (encoding === 'decimal') {
    const old = Number(file.toString('latin1', at, at + width));
    const value = {
      zero: '0',
      one: '1',
      max: '99999999999999999999',
      near: String(Math.max(0, old + change.delta)),
      random: String(change.random),
    }[change.value];
    return Buffer.concat([file.subarray(0, at), Buffer.from(value), file.subarray(at + width)]);
  }
  const out = Buffer.from(file);
  const unit = encoding === 'syncsafe' ? 128 : 256;
  if (change.value === 'max') {
    // every value bit one (for a vint, the 'unknown size' of a master)
    out.fill(unit - 1, at, at + width);
  } else {
    const max = 2 ** Math.min(48, (encoding === 'syncsafe' || encoding === 'vint' ? 7 : 8) * width) - 1;
    const value = {
      zero: 0,
      one: 1,
      near: Math.min(max, Math.max(0, readSize(file, field) + change.delta)),
      random: change.random % (max + 1),
    }[change.value];
    let rest = value;
    for (let i = 0; i < width; i++) {
      out[encoding === 'le' ? at + i : at + width - 1 - i] = rest % unit;
      rest = Math.floor(rest / unit);
    }
  }
  // a vint keeps its width marker
  if (encoding === 'vint') out[at] = (out[at]! & (0xff >> width)) | (0x80 >> (width - 1));
  return out;
}

function readSize(file: Buffer, { at, width, encoding }: SizeField): number {
  let value = 0;
  for (let i = 0; i < width; i++) {
    const byte = file[encoding === 'le' ? at + width - 1 - i : at + i] ?? 0;
    value = value * (encoding === 'syncsafe' ? 128 : 256) + (encoding === 'syncsafe' ? byte & 0x7f : byte);
  }
  return encoding === 'vint' ? value - (0x80 >> (width - 1)) * 256 ** (width - 1) : value;
}

// ---- ffprobe ----------------------------------------------------------------------------------------

/** ffprobe on PATH (Debian's ffmpeg package), or undefined. */
export const FFPROBE = spawnSync('ffprobe', ['-version'], { stdio: 'ignore' }).status === 0 ? 'ffprobe' : undefined;

export type Probe = {
  streams: {
    codec_type?: string;
    codec_name?: string;
    sample_rate?: string;
    channels?: number;
    duration?: string;
    tags?: Record<string, string>;
    disposition?: { attached_pic?: number };
  }[];
  format: { format_name?: string; duration?: string; tags?: Record<string, string> };
  stderr: string;
};

/** What ffprobe reads in `file` (named with `ext`, as uploads are): its streams, duration and tags. */
export async function ffprobe(file: Buffer, ext: string): Promise<Probe> {
  const dir = await mkdtemp(join(tmpdir(), 'tend-fuzz-'));
  const path = join(dir, `probe.${ext}`);
  try {
    await writeFile(path, file);
    const entries =
      'format=format_name,duration:format_tags:stream=codec_type,codec_name,sample_rate,channels,duration:stream_tags:stream_disposition=attached_pic';
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
      execFile(FFPROBE!, ['-v', 'error', '-of', 'json', '-show_entries', entries, path], (error, out, err) =>
        error
          ? reject(new Error(`ffprobe rejects the file: ${err || error.message}`))
          : resolve({ stdout: out, stderr: err }),
      ),
    );
    return { ...(JSON.parse(stdout) as Omit<Probe, 'stderr'>), stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
