import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tooManyRequests } from './errors';

export type Limit = { max: number; windowSeconds: number };

/**
 * Fixed-window counters in the database, so every server instance sees the same counts
 * (DESIGN.md §5). One atomic upsert per hit.
 */
export function createRateLimiter(db: Database, factor = 1) {
  return {
    /** Counts a hit on `key`; throws 429 with Retry-After once `max` is passed within the window. */
    async hit(key: string, limit: Limit) {
      const result = (await db.execute(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now()
            then now() + make_interval(secs => ${limit.windowSeconds}) else rate_limits.reset_at end
        returning count, reset_at`)) as unknown as { rows: { count: number; reset_at: string | Date }[] };
      const row = result.rows[0]!;
      if (Number(row.count) > limit.max * factor) {
        const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
        throw tooManyRequests(retryAfter);
      }
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
