import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Notification, notifications } from '../../db/schema';
import type { CommandContext } from '../../platform/context';
import { LIVE_CHANNEL, type LiveSignal } from '../../platform/realtime';
import type { NotificationType } from '../../../common/notifications/types';
import { pushStateOnNotify } from '../push/queries';
import { loadFrequencies } from './email-preferences';
import { withoutBlockedSenders } from '../blocks/service';

export type NotifyInput = {
  userId: string;
  /** which Email notifications setting applies (common/notifications/types.ts) */
  type: NotificationType;
  message: string;
  link: string;
  createdAt?: Date;
  /**
   * false: the feature sends its own, richer mail for this event (a session with its .ics, an
   * announcement with its text), so the generic notification mail is not queued
   */
  mail?: false;
  /**
   * the member whose action this tells of (a heart, a comment, a reply, a message): a recipient
   * who blocks them does not get it
   */
  from?: string;
};

/**
 * The one way features tell users something happened: one notification row each. Open tabs
 * of those users hear of it over the live connection, so their bell updates without a reload
 * (inside a transaction, PostgreSQL sends the signal only when it commits).
 */
export async function notify(db: Executor, input: NotifyInput | NotifyInput[]) {
  // the one place blocks silence notifications: nobody hears of what someone they block did
  const rows = await withoutBlockedSenders(db, Array.isArray(input) ? input : [input]);
  if (rows.length === 0) return;
  // the outbox of 'Immediately' mails (mails.tsx): decided now, so a later change of the setting
  // does not reach back to what already happened
  const frequencies = await loadFrequencies(
    db,
    rows.map((r) => r.userId),
  );
  await db.insert(notifications).values(
    rows.map(({ mail, from: _from, ...r }) => ({
      ...r,
      mailPending: mail !== false && frequencies.get(r.userId)![r.type] === 'immediately',
      // and the outbox of pushes (push/notification-pushes.ts): decided in the same insert
      pushState: pushStateOnNotify(r.userId, r.type),
    })),
  );
  const signal: LiveSignal = { to: [...new Set(rows.map((r) => r.userId))], kind: 'notification' };
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);
}

/** Marks every one of the user's notifications viewed. */
export async function markAllViewed(ctx: Pick<CommandContext, 'db'>, options: { userId: string }) {
  await ctx.db
    .update(notifications)
    .set({ viewed: true })
    .where(and(eq(notifications.userId, options.userId), eq(notifications.viewed, false)));
}

/** Marks one notification viewed (the route has applied canViewNotification). */
export async function markViewed(ctx: Pick<CommandContext, 'db'>, options: { notification: Pick<Notification, 'id'> }) {
  await ctx.db.update(notifications).set({ viewed: true }).where(eq(notifications.id, options.notification.id));
}
