import type { AppContext } from '../../platform/context';

/**
 * Row counts for the admin tables' 'Page N of M', kept for a few seconds: counting 100k users
 * costs ~12 ms of PostgreSQL time per page turned, the page itself under 1 ms (scripts/bench-admin.ts).
 * The admin routes empty it after each change they make, so an admin sees their own deletes at
 * once; sign-ups elsewhere show within COUNT_TTL_MS. One cache per app (and so per database).
 */
export const COUNT_TTL_MS = 5_000;
const MAX_ENTRIES = 500;

export type CountCache = { count(key: string, count: () => Promise<number>): Promise<number>; forget(): void };

const caches = new WeakMap<AppContext, CountCache>();

export function countCacheOf(ctx: AppContext): CountCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createCountCache();
    caches.set(ctx, cache);
  }
  return cache;
}

function createCountCache(): CountCache {
  const counts = new Map<string, { n: Promise<number>; at: number }>();
  return {
    count(key, count) {
      const now = Date.now();
      const hit = counts.get(key);
      if (hit && now - hit.at < COUNT_TTL_MS) return hit.n;
      if (counts.size >= MAX_ENTRIES) counts.clear();
      const n = count();
      counts.set(key, { n, at: now });
      // a failed count is not remembered
      n.catch(() => counts.delete(key));
      return n;
    },
    forget: () => counts.clear(),
  };
}
