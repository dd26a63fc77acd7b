import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesDecoded } from './testing/decoded-bytes';
import { FORMATS, type FuzzFormat } from './testing/fuzz-formats';
import {
  CASES_PER_PARSER,
  FUZZ_TEST_TIMEOUT_MS,
  chunkSizes,
  fuzzRuns,
  mediaOptions,
  mutate,
  mutations,
  stripChunked,
} from './testing/fuzzing';

/**
 * Property tests of every metadata stripper on hostile input: random bytes (alone, after the
 * format's magic, after the start of a real file) and real files with metadata, mutated (bits
 * flipped, bytes overwritten, inserted, deleted, the format's markers dropped in, length fields
 * set to zero, all ones or a little off, the file cut short), fed in chunks of random sizes.
 * Whatever comes in, stripping ends within CASE_TIMEOUT_MS without throwing, the output is the
 * same however the input was chunked, and it is as long as the input (FLAC: at most as long, an
 * ID3v2 tag before it dropped; MP3: a run cut out of it, its tags dropped). A second pass changes
 * nothing more. Cases per parser: CASES_PER_PARSER.
 */
const SAMPLES_PER_FORMAT = 4;

/** Strips `file` in `sizes` chunks and whole; checks the promises above; the output. */
async function checkStripping(format: FuzzFormat, file: Uint8Array, sizes: number[]): Promise<Buffer> {
  const out = await stripChunked(file, format.ext, sizes);
  const whole = await stripChunked(file, format.ext);
  expect(out.equals(whole), 'the output depends on how the input was chunked').toBe(true);
  if (format.length === 'same') expect(out.length).toBe(file.length);
  else if (format.length === 'shorter') expect(out.length).toBeLessThanOrEqual(file.length);
  else expect(Buffer.from(file).includes(out), 'the MP3 output is not one run of the input').toBe(true);
  return out;
}

describe.each(FORMATS)('$name stripper on hostile input', (format) => {
  let samples: Buffer[];
  beforeAll(async () => {
    const options = fc.sample(mediaOptions, { seed: 1, numRuns: SAMPLES_PER_FORMAT });
    samples = await Promise.all(options.map((o) => format.build(o)));
  });

  it(
    'survives random bytes, alone, after its magic and after the start of a real file',
    async () => {
      const input = fc.oneof(
        fc.uint8Array({ maxLength: 2048 }),
        fc.uint8Array({ maxLength: 512 }).map((tail) => Buffer.concat([format.magic, tail])),
        fc
          .record({ sample: fc.nat(), cut: fc.nat(), tail: fc.uint8Array({ maxLength: 256 }) })
          .map(({ sample, cut, tail }) => {
            const file = samples[sample % samples.length]!;
            return Buffer.concat([file.subarray(0, cut % (file.length + 1)), tail]);
          }),
      );
      await fc.assert(
        fc.asyncProperty(input, chunkSizes, async (file, sizes) => {
          await checkStripping(format, file, sizes);
        }),
        fuzzRuns(CASES_PER_PARSER.randomBytes),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    'survives mutated real files, and a second pass changes nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat(), mutations, chunkSizes, async (sample, plan, sizes) => {
          const original = samples[sample % samples.length]!;
          const file = mutate(original, plan, format.fields(original), format.tokens);
          const out = await checkStripping(format, file, sizes);
          // MP3 drops an ID3v1 tag at the end: a second one before it is the end of the file then
          if (format.length !== 'cut') expect((await stripChunked(out, format.ext)).equals(out)).toBe(true);
        }),
        fuzzRuns(CASES_PER_PARSER.mutated),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});

describe('PDF stripper cost', () => {
  it(
    'decodes a bounded number of bytes per byte of the file, however many objects it holds',
    async () => {
      const object = fc.record({
        number: fc.nat({ max: 99_999 }),
        body: fc.constantFrom('<< /A 1 >>', '<< /Title (x) >>', '<< >>', '[1 2]', '(text)', '42'),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(object, { maxLength: 200, size: 'max' }), async (objects) => {
          const file = Buffer.from(
            `%PDF-1.4\n${objects.map((o) => `${o.number} 0 obj\n${o.body}\nendobj\n`).join('')}`,
          );
          expect(await bytesDecoded(() => stripChunked(file, 'pdf'))).toBeLessThanOrEqual(32 * file.length + 4096);
        }),
        fuzzRuns(CASES_PER_PARSER.pdfCost),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
