import { hostname } from 'node:os';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverInstances } from '../db/schema';

/** How often a running instance marks its row fresh. */
export const INSTANCE_BEAT_MS = 10_000;
/**
 * An instance not seen for this long (three beats and a half) is gone, killed without saying so:
 * the users connected to it count as offline (realtime.ts `isOnline`), so their messages notify.
 */
export const INSTANCE_GONE_AFTER_S = 35;
const GONE_AFTER = sql`now() - make_interval(secs => ${INSTANCE_GONE_AFTER_S})`;

export type InstanceRegistry = {
  /** the other instances on this database and where each keeps uploads */
  others(): Promise<{ id: string; hostname: string; storage: string }[]>;
  close(): Promise<void>;
};

/** Records this instance in `server_instances` while it runs (the banner and its warnings). */
export async function registerInstance(db: Database, id: string, storage: string): Promise<InstanceRegistry> {
  await db.delete(serverInstances).where(lt(serverInstances.seenAt, GONE_AFTER));
  // the presence rows a killed instance left behind (they count for nothing once it is gone); a day
  // old, so an instance whose row was removed during a long database outage keeps its tabs' rows
  await db.execute(sql`delete from live_presence p where p.seen_at < now() - interval '1 day'
    and not exists (select 1 from server_instances i where i.id::text = p.instance_id)`);
  // an upsert, so a row another instance removed as gone (after a long database outage) returns
  const mark = () =>
    db
      .insert(serverInstances)
      .values({ id, hostname: hostname(), pid: process.pid, storage })
      .onConflictDoUpdate({ target: serverInstances.id, set: { seenAt: sql`now()` } });
  await mark();
  const beat = setInterval(() => void mark().catch(() => undefined), INSTANCE_BEAT_MS);
  beat.unref();
  return {
    others: () =>
      db
        .select({ id: serverInstances.id, hostname: serverInstances.hostname, storage: serverInstances.storage })
        .from(serverInstances)
        .where(and(ne(serverInstances.id, id), gt(serverInstances.seenAt, GONE_AFTER))),
    async close() {
      clearInterval(beat);
      await db
        .delete(serverInstances)
        .where(eq(serverInstances.id, id))
        .catch(() => undefined);
    },
  };
}
