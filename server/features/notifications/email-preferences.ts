import { and, inArray } from 'drizzle-orm';
import { type EmailFrequency, effectiveFrequencies, type NotificationType } from '../../../common/notifications/types';
import type { Executor } from '../../db/client';
import { emailPreferences } from '../../db/schema';

export type Frequencies = Record<NotificationType, EmailFrequency>;

/** Each user's frequency per notification type: their choice, else the type's default. One query. */
export async function loadFrequencies(db: Executor, userIds: readonly string[]): Promise<Map<string, Frequencies>> {
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
  return new Map([...chosen].map(([id, picks]) => [id, effectiveFrequencies(picks)]));
}

/** Sets one user's frequency for one type (Settings, and the one-click unsubscribe). */
export async function setFrequency(db: Executor, userId: string, type: NotificationType, frequency: EmailFrequency) {
  await db
    .insert(emailPreferences)
    .values({ userId, type, frequency })
    .onConflictDoUpdate({ target: [emailPreferences.userId, emailPreferences.type], set: { frequency } });
}
