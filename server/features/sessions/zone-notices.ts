import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { type NotifyInput, notify } from '../notifications/service';

/**
 * Session notices to several members, each written in that member's own time zone (UTC when
 * unset); the zones are read in one query.
 */
export async function notifyInTheirZones<T>(
  db: Executor,
  items: readonly T[],
  memberOf: (item: T) => string,
  notice: (item: T, zone: string) => Omit<NotifyInput, 'userId' | 'type'>,
) {
  if (items.length === 0) return;
  const ids = items.map(memberOf);
  const rows = await db
    .select({ id: users.id, timeZone: users.timeZone })
    .from(users)
    .where(sql`${users.id} in ${ids}`);
  const zones = new Map(rows.map((r) => [r.id, r.timeZone ?? 'UTC']));
  await notify(
    db,
    items.map((item) => ({
      userId: memberOf(item),
      type: 'session' as const,
      ...notice(item, zones.get(memberOf(item)) ?? 'UTC'),
    })),
  );
}
