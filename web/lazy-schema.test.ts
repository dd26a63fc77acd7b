import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const ID = '5b3e1c7e-8f1a-4c2e-9b1a-0c1d2e3f4a5b';

describe('a schema built on first use answers as the schema itself', () => {
  it('is built once, when first read, never when only referenced by other deferred schemas', () => {
    let builds = 0;
    const Item = lazySchema(() => {
      builds += 1;
      return z.object({ id: z.uuid(), n: z.number().int().optional() });
    });
    const Items = lazySchema(() => z.array(Item).max(2));
    expect(builds).toBe(0);
    expect(Items.parse([{ id: ID, n: 1 }])).toEqual([{ id: ID, n: 1 }]);
    expect(Items.safeParse([{ id: 'x' }]).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('composes like a schema: extend, shape, unions, wrappers and instanceof', () => {
    const Base = lazySchema(() => z.object({ id: z.uuid() }));
    const Kind = lazySchema(() => z.enum(['a', 'b']));
    const Tagged = lazySchema(() =>
      z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), Base.extend({ kind: z.literal('b') })]),
    );
    expect(Tagged.parse({ kind: 'b', id: ID })).toEqual({ kind: 'b', id: ID });
    expect(Kind.options).toEqual(['a', 'b']);
    expect(Object.keys(Base.shape)).toEqual(['id']);
    expect(Base instanceof z.ZodType).toBe(true);
    expect(z.object({ base: Base.nullable() }).parse({ base: null })).toEqual({ base: null });
    expect(Base.optional().parse(undefined)).toBeUndefined();
  });
});
