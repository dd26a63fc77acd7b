/**
 * An object with fields, as a zod object schema accepts one: not null, not an array. The answer
 * readers that stand in for zod on the signed-out pages (kept small: scripts/build/route-js.mjs
 * measures /login's JavaScript) start with it.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
