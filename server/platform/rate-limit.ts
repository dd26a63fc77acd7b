import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../db/client';
import { tooManyRequests } from './errors';

export type Limit = { max: number; windowSeconds: number };

/**
 * Fixed-window counters in the database, so every server instance sees the same counts
 * and a limit cannot be dodged by landing on another one. One atomic upsert per hit.
 */
export function createRateLimiter(db: Database, factor = 1) {
  /** Counts a hit on `key` in its window; the count so far and when the window ends. */
  async function count(key: string, windowSeconds: number) {
    const rows = await selectRows<{ count: number; reset_at: string | Date }>(
      db,
      sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now()
            then now() + make_interval(secs => ${windowSeconds}) else rate_limits.reset_at end
        returning count, reset_at`,
    );
    const row = rows[0]!;
    return { count: Number(row.count), resetAt: new Date(row.reset_at) };
  }

  return {
    /** Counts a hit on `key`; throws 429 with Retry-After once `max` is passed within the window. */
    async hit(key: string, limit: Limit) {
      const { count: n, resetAt } = await count(key, limit.windowSeconds);
      if (n > limit.max * factor) {
        const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
        throw tooManyRequests(retryAfter);
      }
    },
    /** Counts a hit without refusing anything: how many there were in the window, this one included. */
    count: async (key: string, windowSeconds: number) => (await count(key, windowSeconds)).count,
    /** The hits on `key` in its current window, without counting one. */
    async current(key: string) {
      const rows = await selectRows<{ count: number }>(
        db,
        sql`select count from rate_limits where key = ${key} and reset_at > now()`,
      );
      return Number(rows[0]?.count ?? 0);
    },
    /** Forgets a key (a success ends a run of failures). */
    async clear(key: string) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
