// The web build's zod schemas are built when first used (web/lazy-schema.ts says why).
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const HELPER = fileURLToPath(new URL('../../web/lazy-schema.ts', import.meta.url));
const OWN_MODULE = /\/(?:web|common)\/.*\.tsx?$/;
/** Calls on a schema that answer data, not a schema: never deferred. */
const ANSWERS_DATA = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'decode', 'encode']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The identifier a call chain starts from (`z` in `z.string().min(1)`), if any. */
function chainRoot(node: Node): string | undefined {
  let at: Node | undefined = node;
  while (at) {
    if (at.type === 'Identifier') return at.name as string;
    if (at.type === 'CallExpression') at = at.callee as Node;
    else if (at.type === 'MemberExpression') at = at.object as Node;
    else return undefined;
  }
  return undefined;
}

/** The method a call ends with (`min` in `z.string().min(1)`). */
const lastMethod = (call: Node) => {
  const callee = call.callee as Node;
  return callee.type === 'MemberExpression' ? ((callee.property as Node).name as string | undefined) : undefined;
};

/** The local names zod is imported under (`import { z } from 'zod'`, `import * as z from 'zod/mini'`). */
function zodNames(body: Node[]): Set<string> {
  const names = new Set<string>();
  for (const statement of body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const from = (statement.source as Node).value as string;
    if (from !== 'zod' && from !== 'zod/mini') continue;
    for (const spec of statement.specifiers as Node[]) names.add((spec.local as Node).name as string);
  }
  return names;
}

/**
 * Wraps each module-level `const X = <a call on zod or on a schema wrapped before>` of the app's
 * own modules in `lazySchema(() => ...)`, marked pure so a schema no page reads is dropped from
 * the build. A value read off a schema at module level (`Kind.options`) is not a call and is left
 * as it is, which builds that schema when the module loads, as before. Build only; the tests and
 * the server use the modules as written.
 */
export const lazySchemas = (): Plugin => ({
  name: 'lazy-schemas',
  apply: 'build',
  enforce: 'post',
  transform(code, id) {
    const file = id.split('?')[0]!;
    if (!OWN_MODULE.test(file) || file === HELPER || !/from\s*["']zod(?:\/mini)?["']/.test(code)) return null;
    const program = this.parse(code) as unknown as { body: Node[] };
    const schemas = zodNames(program.body);
    if (schemas.size === 0) return null;
    const wraps: Array<{ start: number; end: number }> = [];
    for (const top of program.body) {
      const declaration = top.type === 'ExportNamedDeclaration' ? (top.declaration as Node | null) : top;
      if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
      for (const declarator of declaration.declarations as Node[]) {
        const init = declarator.init as Node | null;
        const root = init?.type === 'CallExpression' ? chainRoot(init) : undefined;
        if (!init || !root || !schemas.has(root) || ANSWERS_DATA.has(lastMethod(init) ?? '')) continue;
        const name =
          (declarator.id as Node).type === 'Identifier' ? ((declarator.id as Node).name as string) : undefined;
        if (name) schemas.add(name);
        wraps.push({ start: init.start, end: init.end });
      }
    }
    if (wraps.length === 0) return null;
    let out = code;
    for (const { start, end } of wraps.reverse()) {
      out = `${out.slice(0, start)}/* @__PURE__ */ __lazySchema(() => ${out.slice(start, end)})${out.slice(end)}`;
    }
    // inserted within lines: every line keeps its number, so the source map still finds the module
    return { code: `import { lazySchema as __lazySchema } from ${JSON.stringify(HELPER)};${out}`, map: null };
  },
});
