import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs module without type declarations (node scripts/code-shape.mjs reads it too)
import { databaseUses, featuresIn, isRouteFile, missingParts } from './feature-shape.mjs';

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

const readSource = (file: string) => readFileSync(join(root, file), 'utf8');

/** Every import of a file, resolved to a repo-relative path ('@common/x' -> 'common/x'). */
function importsOf(file: string, read = readSource): string[] {
  const text = read(file);
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

/** The source file an import names: as written, or with `.ts`, `.tsx` or `/index.ts` (undefined: a package). */
const resolveIn = (files: Set<string>) => (target: string) =>
  [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((f) => files.has(f));

/** The groups of files that import each other round (strongly connected components, Tarjan's walk). */
function importCycles(files: string[], read = readSource): string[][] {
  const known = new Set(files);
  const resolve = resolveIn(known);
  const edges = new Map(files.map((f) => [f, importsOf(f, read).flatMap((t) => resolve(t) ?? [])]));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file)!) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || edges.get(file)!.includes(file)) cycles.push(group.sort());
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return cycles;
}

describe('no import cycles', () => {
  // type-only imports count too: a cycle of types still ties the files' meanings to each other
  it('server/, web/ and common/, tests included, import nothing that imports them back', () => {
    const files = ['server', 'web', 'common'].flatMap(sources);
    expect(importCycles(files).map((group) => group.join(' <-> '))).toEqual([]);
  });
  it('finds a cycle, through a type-only import and an index.ts too', () => {
    const probe = 'server/features/zz-cycle-probe';
    const fake = new Map([
      [`${probe}/a.ts`, "import type { B } from './b';"],
      [`${probe}/b.ts`, "import { c } from './c';"],
      [`${probe}/c/index.ts`, "export { a } from '../a';"],
    ]);
    expect(importCycles([...fake.keys()], (f) => fake.get(f)!)).toEqual([
      [`${probe}/a.ts`, `${probe}/b.ts`, `${probe}/c/index.ts`],
    ]);
  });
});

/**
 * Features that serve the others instead of owning members' data, so they keep only the parts
 * their job needs; each says why.
 */
const INFRASTRUCTURE: Record<string, string> = {
  health:
    "the liveness and readiness probes: they answer about the process and the database, never about anyone's data",
  live: "the websocket of platform/realtime.ts: it signs a socket in and relays other features' signals",
  mail: 'renders and sends the mails other features compose (layout, Markdown, outbox); it has no calls of its own',
  setup: "the install's first run: once, before any member exists, it creates the owner and answers only a status",
  uploads:
    "stores and serves the files other features' items point at: it answers URLs; who may read one is its owner's rule",
};

describe('the shape of a feature', () => {
  it('every server feature has routes, policy, service, queries and presenter, infrastructure aside', () => {
    const incomplete = featuresIn(root)
      .filter((feature: string) => !(feature in INFRASTRUCTURE))
      .flatMap((feature: string) => missingParts(root, feature).map((part: string) => `${feature} has no ${part}`));
    expect(incomplete).toEqual([]);
  });
  it('the infrastructure list names features that exist', () => {
    const gone = Object.keys(INFRASTRUCTURE).filter((f) => !existsSync(join(root, 'server/features', f)));
    expect(gone).toEqual([]);
  });
  it('route files never touch the database: they call services, which take the context', () => {
    const routeFiles = sources('server/features').filter(isRouteFile);
    expect(routeFiles.length).toBeGreaterThan(20);
    const touching = routeFiles.flatMap((file) =>
      databaseUses(readSource(file)).map((use: string) => `${file}:${use}`),
    );
    expect(touching).toEqual([]);
  });
  it('sees a query given ctx.db, a chain on app.ctx.db and db taken out of the context', () => {
    const probe = [
      'const tier = await findTier(ctx.db, id);',
      'await app.ctx.db.select().from(tiers);',
      'const { db, config } = ctx;',
      'const { db } = app.ctx;',
      'await tx.db.insert(x);',
      'await readyz(app.ctx.database);',
      'const tier = await tierById(ctx, id);',
    ].join('\n');
    expect(databaseUses(probe).map((use: string) => Number(use.split(':')[0]))).toEqual([1, 2, 3, 4, 5]);
  });
});
