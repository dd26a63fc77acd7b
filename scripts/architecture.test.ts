import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

/** ARCHITECTURE.md directions, checked on every import of every source file. */
const root = resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    // lint.test.ts writes zz-lint-probe.ts files for a moment to prove the lint rules fire
    return /\.(ts|tsx)$/.test(name) && !name.startsWith('zz-lint-probe') ? [path] : [];
  });
}

/** Every import of a file, resolved to a repo-relative path ('@common/x' -> 'common/x'). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specs = [
    ...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? m[2]!);
  return specs.map((s) => {
    if (s.startsWith('@common/')) return `common/${s.slice(8)}`;
    if (s.startsWith('@web/')) return `web/${s.slice(5)}`;
    if (s.startsWith('.')) return relative(root, resolve(root, dirname(file), s));
    return s;
  });
}

const violations = (dir: string, forbidden: (target: string) => boolean) =>
  sources(dir).flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map((target) => `${file} -> ${target}`),
  );

describe('import directions', () => {
  it('common/ imports nothing from server/ or web/', () => {
    expect(violations('common', (t) => t.startsWith('server/') || t.startsWith('web/'))).toEqual([]);
  });
  it('web/ never imports server/', () => {
    expect(violations('web', (t) => t.startsWith('server/'))).toEqual([]);
  });
  it('server/platform/ never imports a feature', () => {
    expect(violations('server/platform', (t) => t.startsWith('server/features/'))).toEqual([]);
  });
  it("a server feature never imports another feature's routes", () => {
    const foreignRoutes = (file: string) => (t: string) => {
      const [, feature] = /^server\/features\/([^/]+)\//.exec(t) ?? [];
      return feature !== undefined && !file.startsWith(`server/features/${feature}/`) && /routes$/.test(t);
    };
    const found = sources('server/features').flatMap((file) =>
      importsOf(file)
        .filter(foreignRoutes(file))
        .map((t) => `${file} -> ${t}`),
    );
    expect(found).toEqual([]);
  });
  it("profiles, which composes other features' sections, reads them through their services", () => {
    const foreignQueries = (t: string) => /^server\/features\/(?!profiles\/)[^/]+\/queries$/.test(t);
    expect(violations('server/features/profiles', foreignQueries)).toEqual([]);
  });
});
