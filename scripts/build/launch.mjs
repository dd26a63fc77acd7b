// `npm start` (and `npm run admin|backup|restore`): builds only what is missing or stale, then runs
// the compiled program in this same process, so signals from npm, systemd or a terminal reach
// the server itself. `node scripts/build/launch.mjs --build-only` stops after the build.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distDir, parts, root, serverEntries, staleParts } from './inputs.mjs';

const [program = 'main', ...rest] = process.argv.slice(2);
const buildOnly = program === '--build-only';
if (!buildOnly && !(program in serverEntries)) {
  console.error(`launch: unknown program ${program} (${Object.keys(serverEntries).join(', ')})`);
  process.exit(2);
}

/** The build tools are dev dependencies: an `npm install --omit=dev` install runs what is built. */
function canBuild() {
  try {
    const require = createRequire(import.meta.url);
    require.resolve('vite/package.json', { paths: [root] });
    require.resolve('esbuild', { paths: [root] });
    return true;
  } catch {
    return false;
  }
}

// the server needs the web app; the command-line programs only themselves
const stale = staleParts().filter((part) => program === 'main' || buildOnly || part === 'server');
if (stale.length && canBuild()) {
  const { buildParts } = await import('./build.mjs');
  try {
    await buildParts(stale);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
} else if (stale.length) {
  const missing = stale.filter((part) => !existsSync(parts[part].output));
  if (missing.length) {
    console.error(
      `launch: there is no ${missing.join(' or ')} build and the build tools are not installed. ` +
        'Run `npm ci` (with dev dependencies) and `npm run build`, then start again.',
    );
    process.exit(1);
  }
  console.warn(
    `launch: the ${stale.join(' and ')} build is older than the source; running it as built (no build tools).`,
  );
}

if (!buildOnly) {
  // `npm start` runs us under `sh -c`, and a SIGTERM sent to npm is passed to that shell, which
  // dies without passing it on: we would run on as an orphan. When our parent goes, we stop the
  // same way a SIGTERM stops us (the server drains and closes).
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    // once: a second SIGTERM means 'stop now' to the server
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
  process.argv = [process.argv[0], join(distDir, 'server', `${program}.js`), ...rest];
  await import(pathToFileURL(process.argv[1]).href);
}
