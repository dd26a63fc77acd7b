// What each part of the production build is made from, and a fingerprint of it, so `npm start`
// rebuilds only a part whose sources changed. Plain JavaScript: it runs
// before anything is compiled, and without the dev dependencies.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const distDir = join(root, 'dist');
const stampFile = join(distDir, 'build-stamp.json');

/** The compiled programs: dist/server/<name>.js from each source entry. */
export const serverEntries = {
  main: 'server/main.ts',
  admin: 'server/ops/admin-cli.ts',
  backup: 'server/ops/backup-cli.ts',
  restore: 'server/ops/restore-cli.ts',
};

const shared = ['common', 'package-lock.json', 'tsconfig.json', 'scripts/build'];
export const parts = {
  web: { inputs: ['web', 'vite.config.ts', ...shared], output: join(distDir, 'web', 'index.html') },
  server: { inputs: ['server', ...shared], output: join(distDir, 'server', 'main.js') },
};

const skipped = (path) =>
  /\.test\.tsx?$/.test(path) || /(^|\/)(test|testing)(\/|$)/.test(path) || path.includes('node_modules');

function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((p) => !skipped(p))
    .sort();
}

/** sha256 over every input file's path and bytes. */
export function fingerprint(part) {
  const hash = createHash('sha256');
  for (const path of parts[part].inputs.flatMap(files)) {
    hash
      .update(path)
      .update('\0')
      .update(readFileSync(join(root, path)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

export { stampFile };

/** The parts whose output is missing or was built from other sources. */
export function staleParts() {
  const stamp = readStamp();
  return Object.keys(parts).filter((part) => !existsSync(parts[part].output) || stamp[part] !== fingerprint(part));
}
