// `npm run build`: the web app (Vite) into dist/web and the server compiled to plain JavaScript
// (esbuild) into dist/server, so production runs `node dist/server/main.js` with no TypeScript
// tooling. `node scripts/build/build.mjs web` or `server` builds one part.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distDir, fingerprint, parts, readStamp, root, serverEntries, stampFile } from './inputs.mjs';
import { precompress } from './precompress.mjs';

const require = createRequire(import.meta.url);

function buildWeb() {
  const vite = join(require.resolve('vite/package.json', { paths: [root] }), '..', 'bin', 'vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('The web build failed (see above).');
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  const t = precompress(join(distDir, 'web', 'assets'));
  console.log(`build: ${t.files} assets precompressed, ${kb(t.raw)} -> brotli ${kb(t.br)}, gzip ${kb(t.gz)}`);
}

async function buildServer() {
  const { build } = await import(pathToFileURL(require.resolve('esbuild', { paths: [root] })).href);
  const outdir = join(distDir, 'server');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(serverEntries).map(([name, src]) => [name, join(root, src)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // dependencies load from node_modules (native modules, pino's workers, PGlite's data files)
    packages: 'external',
    alias: { '@common': join(root, 'common') },
    sourcemap: true,
    logLevel: 'warning',
    // the compiled programs are the production ones: NODE_ENV defaults to production there
    banner: { js: "process.env.NODE_ENV ??= 'production';" },
  });
  // files the server reads beside its code (paths relative to import.meta.url)
  cpSync(join(root, 'server/db/migrations'), join(outdir, 'migrations'), { recursive: true });
  cpSync(join(root, 'server/features/auth/common-passwords.txt'), join(outdir, 'common-passwords.txt'));
}

const builders = { web: buildWeb, server: buildServer };

/** Builds the given parts and records what they were built from. */
export async function buildParts(names) {
  mkdirSync(distDir, { recursive: true });
  const stamp = readStamp();
  for (const name of names) {
    const started = Date.now();
    const print = name === 'web' ? 'web app' : 'server';
    console.log(`build: ${print}...`);
    const before = fingerprint(name);
    await builders[name]();
    stamp[name] = before;
    writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
    console.log(`build: ${print} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const asked = process.argv.slice(2);
  const names = asked.length ? asked : Object.keys(parts);
  const unknown = names.filter((n) => !(n in parts));
  if (unknown.length) {
    console.error(`build: unknown part ${unknown.join(', ')} (web, server)`);
    process.exit(2);
  }
  buildParts(names).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
