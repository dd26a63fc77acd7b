import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { PUSH_KIND_OF_TYPE, type PushKind } from '../../../common/push/kinds';
import type { NotificationType } from '../../../common/notifications/types';
import type { Executor } from '../../db/client';
import { authSessions, pushPreferences, pushSubscriptions } from '../../db/schema';

export type PushDevice = typeof pushSubscriptions.$inferSelect;
export type PushPreferences = typeof pushPreferences.$inferSelect;

/** Where a push goes: one device, with the keys its message is encrypted to. */
export type PushTarget = Pick<PushDevice, 'id' | 'userId' | 'endpoint' | 'p256dh' | 'auth'>;

const targetColumns = {
  id: pushSubscriptions.id,
  userId: pushSubscriptions.userId,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/** A device's sign-in session has not ended (an expired one waits for the clean-up job to delete it). */
const sessionLive = sql`exists (select 1 from ${authSessions} where ${authSessions.id} = ${pushSubscriptions.sessionId} and ${authSessions.expiresAt} > now())`;

export const findDevice = async (db: Executor, id: string): Promise<PushDevice | undefined> =>
  (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1))[0];

export const findDeviceByEndpoint = async (db: Executor, endpoint: string): Promise<PushDevice | undefined> =>
  (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).limit(1))[0];

/** My devices, newest first (at most 100: a person has a handful). */
export const devicesOf = (db: Executor, userId: string) =>
  db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    .limit(100);

export const preferencesOf = async (db: Executor, userId: string): Promise<PushPreferences | undefined> =>
  (await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId)).limit(1))[0];

/** The public id of the sign-in session a token hash names, if it is live. */
export async function sessionIdOf(db: Executor, tokenHash: string | null): Promise<string | null> {
  if (!tokenHash) return null;
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.tokenHash, tokenHash), gt(authSessions.expiresAt, sql`now()`)))
    .limit(1);
  return row?.id ?? null;
}

/** The preferences column of each kind. */
const KIND_COLUMN = {
  dailyReminder: pushPreferences.dailyReminder,
  messages: pushPreferences.messages,
  sessions: pushPreferences.sessions,
  replies: pushPreferences.replies,
  announcements: pushPreferences.announcements,
} as const satisfies Record<PushKind, unknown>;

/**
 * The devices, on live sessions, of these members who want pushes of `kind`: one query
 * (the push feature's one rule of who gets a push, used by every sender).
 */
export async function devicesWanting(db: Executor, userIds: readonly string[], kind: PushKind): Promise<PushTarget[]> {
  if (userIds.length === 0) return [];
  return db
    .select(targetColumns)
    .from(pushSubscriptions)
    .innerJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(and(inArray(pushSubscriptions.userId, [...new Set(userIds)]), eq(KIND_COLUMN[kind], true), sessionLive));
}

/**
 * The devices on live sessions of these members, with the kinds each member wants: the
 * notification dispatcher sorts a batch of several types with one query.
 */
export function devicesWithKinds(db: Executor, userIds: readonly string[]) {
  return db
    .select({
      ...targetColumns,
      messages: pushPreferences.messages,
      replies: pushPreferences.replies,
      announcements: pushPreferences.announcements,
    })
    .from(pushSubscriptions)
    .innerJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(and(inArray(pushSubscriptions.userId, [...new Set(userIds)]), sessionLive));
}

/** Devices by id, those still on live sessions (a retry reads its devices again). */
export const liveDevicesByIds = (db: Executor, ids: readonly string[]): Promise<PushTarget[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(targetColumns)
        .from(pushSubscriptions)
        .where(and(inArray(pushSubscriptions.id, [...ids]), sessionLive));

/**
 * For notify(): whether a new notification of `type` for `userId` is to go out as a push, as a
 * value of its insert (no statement of its own): 'pending' when the member wants that kind and
 * has a device on a live session, else null. Types that are never pushed are null at once.
 */
export function pushStateOnNotify(userId: string, type: NotificationType): SQL | null {
  const kind = PUSH_KIND_OF_TYPE[type];
  if (!kind) return null;
  return sql`(select 'pending' from ${pushPreferences}
    where ${pushPreferences.userId} = ${userId} and ${KIND_COLUMN[kind]}
      and exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId} and ${sessionLive}))`;
}

/** Which of these members have a device that takes pushes of `kind` (the announcement's mail decides with it). */
export async function membersWithPush(db: Executor, userIds: readonly string[], kind: PushKind): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .innerJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(and(inArray(pushSubscriptions.userId, [...new Set(userIds)]), eq(KIND_COLUMN[kind], true), sessionLive));
  return new Set(rows.map((r) => r.userId));
}
