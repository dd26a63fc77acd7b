import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type Entry = {
  version?: string;
  engines?: { node?: string } | string[];
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
};
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, Entry>;
};

/** Where npm would look for `name` as a dependency of the package at `path` (nested, then up). */
function resolveFrom(path: string, name: string): Entry | undefined {
  let base = path;
  for (;;) {
    const found = lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`];
    if (found) return found;
    if (!base) return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

/**
 * `npm ci` refuses a lock file that lacks any optional dependency of a package in it, and an
 * install on another platform gets no native binary from a lock that left it out.
 */
describe('package-lock.json', () => {
  it('holds no package that refuses the oldest Node our own engines field accepts', () => {
    const ours = lock.packages['']!.engines as { node: string };
    const oldest = semver.minVersion(ours.node)!.version;
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // an optional package that refuses our Node is skipped by npm without a warning, and nothing needs it
      return wanted && !entry.optional && !semver.satisfies(oldest, wanted) ? [`${path} needs node ${wanted}`] : [];
    });
    // npm ci prints EBADENGINE for each of these; the install would run code its authors never ran on our Node.
    // (light-my-request, fastify's inject, takes cookie 1.1.1 by an override in package.json: cookie 2 only
    // raised its Node floor to 22, and stringifySetCookie, all light-my-request uses, is the same in 1.1.)
    expect(refusing).toEqual([]);
  });

  it('records every optional dependency of every package, for every platform', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveFrom(path, name)) missing.push(`${path || '(root)'} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each([
    ['linux', 'x64', 'glibc'],
    ['linux', 'x64', 'musl'],
    ['linux', 'arm64', 'glibc'],
    ['linux', 'arm64', 'musl'],
    ['darwin', 'x64', undefined],
    ['darwin', 'arm64', undefined],
    ['win32', 'x64', undefined],
    ['win32', 'arm64', undefined],
  ])('has the native build tools and runtime binaries for %s %s %s', (os, cpu, libc) => {
    const fits = (e: Entry) =>
      e.os?.includes(os) && e.cpu?.includes(cpu) && (!libc || !e.libc || e.libc.includes(libc));
    for (const family of [
      '@rollup/rollup-',
      '@tailwindcss/oxide-',
      'lightningcss-',
      '@esbuild/',
      '@img/sharp-',
      '@node-rs/argon2-',
    ]) {
      const candidates = Object.entries(lock.packages).filter(([path]) => path.includes(`node_modules/${family}`));
      expect(
        candidates.some(([, e]) => fits(e)),
        `${family} for ${os}-${cpu}${libc ? `-${libc}` : ''}`,
      ).toBe(true);
    }
  });

  it('names the packages the issue checks', () => {
    for (const name of [
      '@rollup/rollup-linux-x64-musl',
      '@rollup/rollup-darwin-arm64',
      '@tailwindcss/oxide-win32-x64-msvc',
    ]) {
      expect(
        Object.keys(lock.packages).some((path) => path.endsWith(`node_modules/${name}`)),
        name,
      ).toBe(true);
    }
  });
});
