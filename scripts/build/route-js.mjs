// The JavaScript a route needs before it renders, from a built web app (the login
// route's JavaScript, gzipped). Reads dist/web as built: the entry script index.html loads, the
// chunk holding each given source module (found through the hidden source maps the build keeps),
// and every chunk those import statically. Lazy imports a page makes later are not counted.
//
//   npm run build (or node scripts/build/build.mjs web)
//   node scripts/build/route-js.mjs                       # /login: web/features/auth/login-page.tsx
//   node scripts/build/route-js.mjs --dist /tmp/web features/practice/daily-practice-page.tsx ...
//   node scripts/build/route-js.mjs --max-kb 150          # exits 1 when the gzipped total is larger
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const dist = option('--dist') ?? join(root, 'dist', 'web');
const maxKb = option('--max-kb');
const sources = args.length ? args : ['features/auth/login-page.tsx'];

const assets = join(dist, 'assets');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`route-js: no built app in ${dist} (run node scripts/build/build.mjs web)`);
  process.exit(2);
}
const entry = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));

/** The chunk whose source map lists `source` (a path under web/ or common/). */
function chunkOf(source) {
  const wanted = source.replace(/^(web|\.)\//, '');
  return chunks.find((file) => {
    const map = join(assets, `${file}.map`);
    if (!existsSync(map)) return false;
    return JSON.parse(readFileSync(map, 'utf8')).sources.some((s) => s.endsWith(`/${wanted}`));
  });
}

/** Chunks a chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
const staticImports = (code) => [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);

const needed = new Set();
const visit = (file) => {
  if (needed.has(file)) return;
  needed.add(file);
  for (const next of staticImports(readFileSync(join(assets, file), 'utf8'))) visit(next);
};
visit(entry);
for (const source of sources) {
  const file = chunkOf(source);
  if (!file) {
    console.error(`route-js: no chunk holds ${source}`);
    process.exit(2);
  }
  visit(file);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const total = { raw: 0, gz: 0, br: 0 };
for (const file of needed) {
  const raw = readFileSync(join(assets, file));
  const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length;
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  total.raw += raw.length;
  total.gz += gz;
  total.br += br;
  console.log(`${kb(gz).padStart(9)} gz ${kb(br).padStart(9)} br  ${file}`);
}
console.log(
  `${sources.join(' + ')}: ${needed.size} scripts, ${kb(total.raw)} raw, ${kb(total.gz)} gzipped, ` +
    `${kb(total.br)} brotli (${relative(root, dist) || dist})`,
);
if (maxKb && total.gz > Number(maxKb) * 1024) {
  console.error(`route-js: ${kb(total.gz)} gzipped is over the budget of ${maxKb} KB`);
  process.exit(1);
}
