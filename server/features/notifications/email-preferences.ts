import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  type EmailFrequency,
  effectiveFrequencies,
  NOTIFICATION_TYPE_INFO,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../../../common/notifications/types';
import type { Executor } from '../../db/client';
import { emailPreferences, users } from '../../db/schema';

export type Frequencies = Record<NotificationType, EmailFrequency>;

/** Each user's frequency per notification type: their choice, else the type's default. One query. */
export async function loadFrequencies(db: Executor, userIds: readonly string[]): Promise<Map<string, Frequencies>> {
  const settings = await loadEmailSettings(db, userIds);
  return new Map([...settings].map(([id, s]) => [id, s.effective]));
}

/**
 * Each user's email settings: what they set themselves (`chosen`, a row they wrote in Settings
 * or with an unsubscribe link) and the frequency in force per type (`effective`). One query.
 */
export async function loadEmailSettings(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, { chosen: Partial<Frequencies>; effective: Frequencies }>> {
  const ids = [...new Set(userIds)];
  const chosen = new Map<string, Partial<Frequencies>>(ids.map((id) => [id, {}]));
  if (ids.length > 0) {
    const rows = await db
      .select()
      .from(emailPreferences)
      .where(and(inArray(emailPreferences.userId, ids)));
    for (const row of rows) {
      const mine = chosen.get(row.userId)!;
      mine[row.type as NotificationType] = row.frequency as EmailFrequency;
    }
  }
  return new Map([...chosen].map(([id, picks]) => [id, { chosen: picks, effective: effectiveFrequencies(picks) }]));
}

/** Sets one user's frequency for one type (Settings, and the one-click unsubscribe). */
export async function setFrequency(db: Executor, userId: string, type: NotificationType, frequency: EmailFrequency) {
  await db
    .insert(emailPreferences)
    .values({ userId, type, frequency })
    .onConflictDoUpdate({ target: [emailPreferences.userId, emailPreferences.type], set: { frequency } });
}

/** Settings → Email notifications: every type with its label, the member's frequency and its choices. */
export async function listEmailPreferences(db: Executor, userId: string) {
  const mine = (await loadFrequencies(db, [userId])).get(userId)!;
  return NOTIFICATION_TYPES.map((type) => {
    const info = NOTIFICATION_TYPE_INFO[type];
    return { type, label: info.label, frequency: mine[type], choices: [...info.choices], default: info.default };
  });
}

/** Sets several of one user's frequencies at once (the caller has checked each is offered). */
export async function setFrequencies(
  db: Executor,
  userId: string,
  chosen: Partial<Record<NotificationType, EmailFrequency>>,
) {
  const rows = Object.entries(chosen).map(([type, frequency]) => ({ userId, type, frequency: frequency! }));
  if (rows.length === 0) return;
  await db
    .insert(emailPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [emailPreferences.userId, emailPreferences.type],
      set: { frequency: sql`excluded.frequency` },
    });
}

/** Whether the account an unsubscribe link names still exists. */
export async function accountExists(db: Executor, userId: string) {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return account !== undefined;
}
