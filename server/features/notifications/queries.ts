import { and, eq, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { nextPage, sortKeyColumn, type SortPart } from '../../platform/keyset';

/** Newest first, one page of mine, keyset-paged on (created_at, id) with the one cursor format. */
export async function listNotifications(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  page: { cursor?: string; limit: number },
) {
  const sort: SortPart[] = [
    { expr: sql`${notifications.createdAt}`, type: 'timestamptz' },
    { expr: sql`${notifications.id}`, type: 'uuid' },
  ];
  const { items, next } = await nextPage(sort, { ...page, dir: 'desc' }, (where, order, limit) =>
    ctx.db
      .select({ notification: notifications, sortKey: sortKeyColumn(sort) })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), where))
      .orderBy(...order)
      .limit(limit),
  );
  return { items: items.map((r) => r.notification), next };
}

/** One notification by id, whoever's it is (canViewNotification decides). */
export const findNotification = async (ctx: Pick<AppContext, 'db'>, id: string) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.id, id)).limit(1))[0];
