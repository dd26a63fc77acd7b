// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible built asset, so the server
// sends them as they are (@fastify/static preCompressed) instead of compressing on every request.
// Source maps are skipped (never served); tiny files are not worth it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
const MIN_BYTES = 1024;

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

/** Compresses the assets under `dir`; answers the totals (bytes) for the build log. */
export function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.raw += raw.length;
    totals.br += br.length;
    totals.gz += gz.length;
  }
  return totals;
}
