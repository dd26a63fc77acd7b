import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../platform/errors';

export type NotifyInput = { userId: string; message: string; link: string; createdAt?: Date };

/** The one way features tell a user something happened (DESIGN.md §5 Notifications). */
export async function notify(db: Database, input: NotifyInput | NotifyInput[]) {
  const rows = Array.isArray(input) ? input : [input];
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
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
