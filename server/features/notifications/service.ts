import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { LIVE_CHANNEL, type LiveSignal } from '../../platform/realtime';

export type NotifyInput = { userId: string; message: string; link: string; createdAt?: Date };

/**
 * The one way features tell a user something happened (DESIGN.md §5 Notifications). Open tabs
 * of those users hear of it over the live connection, so their bell updates without a reload
 * (inside a transaction, PostgreSQL sends the signal only when it commits).
 */
export async function notify(db: Database, input: NotifyInput | NotifyInput[]) {
  const rows = Array.isArray(input) ? input : [input];
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
  const signal: LiveSignal = { to: [...new Set(rows.map((r) => r.userId))], kind: 'notification' };
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);
}

export type Cursor = { before?: Date; beforeId?: string; limit: number };

/** Newest first, keyset-paged on (created_at, id). */
export function listNotifications(db: Database, userId: string, cursor: Cursor) {
  const page = !cursor.before
    ? undefined
    : cursor.beforeId
      ? or(
          lt(notifications.createdAt, cursor.before),
          and(eq(notifications.createdAt, cursor.before), lt(notifications.id, cursor.beforeId)),
        )
      : lt(notifications.createdAt, cursor.before);
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), page))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(cursor.limit);
}

export async function markAllViewed(db: Database, userId: string) {
  await db
    .update(notifications)
    .set({ viewed: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.viewed, false)));
}

/** 404 for someone else's notification: the caller may not know it exists. */
export async function markViewed(db: Database, userId: string, id: string) {
  const updated = await db
    .update(notifications)
    .set({ viewed: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound('Notification not found');
}
