import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { lazySchemas } from './lazy-schemas';

/** The plugin's transform of `code` as the module /app/common/x/schemas.ts. */
function transform(code: string, id = '/app/common/x/schemas.ts') {
  const plugin = lazySchemas();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  return hook.call({ parse: (source: string) => parseAst(source) }, code, id)?.code ?? null;
}

const wrapped = (out: string | null) =>
  [...(out ?? '').matchAll(/__lazySchema\(\(\) => (.*?)\)(?=;|,)/g)].map((m) => m[1]);

describe('the web build defers the building of module-level zod schemas', () => {
  it('wraps schemas built from zod and from schemas wrapped before, marked pure', () => {
    const out = transform(
      [
        "import { z } from 'zod';",
        'export const Id = z.string().uuid();',
        'const Item = z.object({ id: Id });',
        'export const Items = z.array(Item), More = Item.extend({ n: z.number() });',
      ].join('\n'),
    );
    expect(wrapped(out)).toEqual([
      'z.string().uuid()',
      'z.object({ id: Id })',
      'z.array(Item)',
      'Item.extend({ n: z.number() })',
    ]);
    expect(out).toContain('/* @__PURE__ */ __lazySchema');
    expect(out?.split('\n')).toHaveLength(4);
  });

  it('leaves alone what is not a schema: data read off one, a parse, other calls and functions', () => {
    const out = transform(
      [
        "import { z } from 'zod';",
        "const Kind = z.enum(['a', 'b']);",
        'export const KINDS = Kind.options;',
        "export const parsed = Kind.parse('a');",
        'export const set = new Set([1]);',
        'export const made = Object.freeze({ Kind });',
        'export function f() { const inner = z.string(); return inner; }',
      ].join('\n'),
    );
    expect(wrapped(out)).toEqual(["z.enum(['a', 'b'])"]);
  });

  it('touches no module without zod, and none outside web/ and common/', () => {
    expect(transform('export const a = b.c();')).toBeNull();
    expect(
      transform("import { z } from 'zod'; export const A = z.string();", '/app/node_modules/x/index.ts'),
    ).toBeNull();
  });
});
