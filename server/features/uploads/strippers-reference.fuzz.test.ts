import fc from 'fast-check';
import { decodePDFRawStream, PDFDocument, PDFHexString, PDFRawStream, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { FORMATS } from './testing/fuzz-formats';
import {
  CASES_PER_PARSER,
  FUZZ_TEST_TIMEOUT_MS,
  chunkSizes,
  FFPROBE,
  ffprobe,
  fuzzRuns,
  mediaOptions,
  type Probe,
  SECRET,
  stripChunked,
} from './testing/fuzzing';

/**
 * Property tests of every metadata stripper on real files whose metadata values fast-check makes
 * (any length and content, each opening with SECRET), fed in chunks of random sizes: no value is
 * left in the stripped file, and a reference reader still reads it as before: ffprobe (Debian's
 * ffmpeg) the same streams and duration, with no tag left; pdf-lib the same pages. ffprobe is
 * skipped where it is not installed, except on CI (`CI` set), where its absence fails. Cases per
 * parser: CASES_PER_PARSER; spawning ffprobe is slow, so it reads PROBE_BATCH files at a time.
 */
const PROBE_BATCH = 2;

/** Every string and stream of a PDF, as pdf-lib reads them, that holds SECRET. */
function secretsIn(doc: PDFDocument): string[] {
  const found: string[] = [];
  const look = (text: string) => text.includes(SECRET) && found.push(text);
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream) look(Buffer.from(decodePDFRawStream(object).decode()).toString('latin1'));
    // every string and hex string written anywhere in the object
    const text = object.toString();
    for (const m of text.matchAll(/<([0-9A-Fa-f]*)>|\((?:[^()\\]|\\.)*\)/g)) {
      if (m[1] !== undefined) look(PDFHexString.of(m[1]).decodeText());
      else look(PDFString.of(m[0].slice(1, -1)).decodeText());
    }
    look(`${ref.toString()} ${text}`);
  }
  return found;
}

/** What must not change in ffprobe's reading: the format, its duration, the streams (cover art aside). */
const essentials = (probe: Probe) => ({
  format: probe.format.format_name,
  duration: probe.format.duration,
  streams: probe.streams
    .filter((s) => !s.disposition?.attached_pic)
    .map(({ codec_type, codec_name, sample_rate, channels, duration }) => ({
      codec_type,
      codec_name,
      sample_rate,
      channels,
      duration,
    })),
});

describe.each(FORMATS)('$name stripper on real files with metadata', (format) => {
  it(
    'leaves no metadata value in the file',
    async () => {
      const pdf = format.ext === 'pdf';
      await fc.assert(
        fc.asyncProperty(mediaOptions, chunkSizes, async (options, sizes) => {
          const file = await format.build(options);
          const out = await stripChunked(file, format.ext, sizes);
          if (!pdf) {
            expect(file.includes(SECRET)).toBe(true);
            expect(out.includes(SECRET)).toBe(false);
            return;
          }
          expect(secretsIn(await PDFDocument.load(file, { updateMetadata: false })).length).toBeGreaterThan(0);
          const stripped = await PDFDocument.load(out, { updateMetadata: false, throwOnInvalidObject: true });
          expect(stripped.getPageCount()).toBe(options.pages);
          expect(secretsIn(stripped)).toEqual([]);
        }),
        fuzzRuns(pdf ? CASES_PER_PARSER.strippedPdf : CASES_PER_PARSER.stripped),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it.skipIf(!format.probed || (!FFPROBE && !process.env.CI))(
    'still reads the same in ffprobe, without its tags',
    async () => {
      if (!FFPROBE)
        throw new Error(
          'ffprobe is not installed (apt-get install -y --no-install-recommends ffmpeg); CI fails here instead of skipping',
        );
      // the streams and duration do not depend on the metadata: one reading of each layout stands for all
      const before = new Map<boolean, ReturnType<typeof essentials>>();
      for (const variant of [false, true])
        before.set(
          variant,
          essentials(
            await ffprobe(
              await format.build({ tags: [SECRET], variant, wide: false, segmentsPerPage: 255, pages: 1 }),
              format.ext,
            ),
          ),
        );
      const batch = fc.array(fc.tuple(mediaOptions, chunkSizes), { minLength: PROBE_BATCH, maxLength: PROBE_BATCH });
      await fc.assert(
        fc.asyncProperty(batch, async (cases) => {
          await Promise.all(
            cases.map(async ([options, sizes]) => {
              const out = await stripChunked(await format.build(options), format.ext, sizes);
              const after = await ffprobe(out, format.ext);
              expect(essentials(after)).toEqual(before.get(options.variant));
              expect(after.stderr).toBe('');
              const tags = JSON.stringify([after.format.tags, ...after.streams.map((s) => s.tags)]);
              expect(tags).not.toContain(SECRET);
              expect(tags).not.toContain('creation_time');
            }),
          );
        }),
        fuzzRuns(CASES_PER_PARSER.probed / PROBE_BATCH),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
