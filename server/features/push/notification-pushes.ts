import { asc, eq, inArray } from 'drizzle-orm';
import { PUSH_KIND_OF_TYPE } from '../../../common/push/kinds';
import type { NotificationType } from '../../../common/notifications/types';
import { notifications } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { deliverPushes, type PushMessage, type PushSend, queueRetry, settleNotificationPushes } from './deliver';
import { devicesWithKinds } from './queries';

export const NOTIFICATION_PUSHES_JOB = 'notification-pushes';

type DispatchCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>;

/** The title a notification's push shows above its text. */
const TITLES: Partial<Record<NotificationType, string>> = {
  message: 'New message',
  comment: 'New comment',
  announcement: 'Announcement',
};

/** A notification's push: its own text and link, nothing more (a locked screen shows it). */
export function notificationPush(row: { type: string; message: string; link: string }): PushMessage {
  const type = row.type as NotificationType;
  return {
    payload: { title: TITLES[type] ?? 'Notification', body: row.message, url: row.link, tag: `${type}:${row.link}` },
    // a message is news for a day; the push service keeps it that long for a phone that is off
    ttl: 24 * 60 * 60,
    urgency: type === 'message' ? 'high' : 'normal',
  };
}

/**
 * The outbox of notification pushes: notify() marks a notification push_state 'pending' when its
 * recipient wants that kind and has a device; this takes a batch, oldest first, sends each to the
 * recipient's devices and records the outcome.
 *
 * A batch is taken with one conditional update (`FOR UPDATE SKIP LOCKED` in its subquery, state
 * 'sending'), so two instances never take the same notification; a process killed while sending
 * leaves 'sending' rows that are not sent again (a push is worth less than a double one), and
 * their mail stops waiting after 15 minutes (mails.tsx). Statements per batch whatever its size:
 * take, devices, the sends' records (deliverPushes) and up to three state updates; one retry job
 * per notification that no device took yet while some may still (429, 5xx, no answer).
 */
export async function sendPendingNotificationPushes(ctx: DispatchCtx, options: { limit?: number } = {}) {
  const limit = options.limit ?? 100;
  const taken = await ctx.db
    .update(notifications)
    .set({ pushState: 'sending' })
    .where(
      inArray(
        notifications.id,
        ctx.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.pushState, 'pending'))
          .orderBy(asc(notifications.createdAt), asc(notifications.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      message: notifications.message,
      link: notifications.link,
    });
  if (taken.length === 0) return { taken: 0, delivered: 0, more: false };

  // the kinds are read again: a kind turned off since the notification stops its push
  const devices = await devicesWithKinds(
    ctx.db,
    taken.map((n) => n.userId),
  );
  const sends: (PushSend & { notificationId: string })[] = [];
  for (const note of taken) {
    const kind = PUSH_KIND_OF_TYPE[note.type as NotificationType];
    const message = notificationPush(note);
    for (const device of devices)
      if (kind && device.userId === note.userId && device[kind])
        sends.push({ key: `notification:${note.id}`, target: device, message, notificationId: note.id });
  }
  const outcome = await deliverPushes(ctx, sends);

  const byNote = (list: readonly PushSend[]) => new Set(list.map((s) => (s as (typeof sends)[number]).notificationId));
  const delivered = byNote(outcome.delivered);
  const failing = byNote(outcome.failed);
  const retrying = taken.filter((n) => !delivered.has(n.id) && failing.has(n.id)).map((n) => n.id);
  await settleNotificationPushes(ctx.db, {
    delivered: [...delivered],
    retrying,
    failed: taken.filter((n) => !delivered.has(n.id) && !failing.has(n.id)).map((n) => n.id),
  });
  // every notification with a device still failing gets its retry, delivered elsewhere or not
  for (const id of failing) {
    const mine = outcome.failed.filter((s) => (s as (typeof sends)[number]).notificationId === id);
    await queueRetry(ctx, {
      key: `notification:${id}`,
      message: mine[0]!.message,
      subscriptionIds: mine.map((s) => s.target.id),
      notificationId: retrying.includes(id) ? id : undefined,
    });
  }
  return { taken: taken.length, delivered: delivered.size, more: taken.length === limit };
}

/**
 * The dispatcher as a job, every minute, like the notification mails: notify() has only a
 * database (often the caller's transaction), not the job runner, so a push leaves within about a
 * minute of its notification. Each run takes batches until none is left (at most 50).
 */
export async function registerNotificationPushes(jobs: JobRunner, ctx: () => DispatchCtx) {
  await jobs.work(NOTIFICATION_PUSHES_JOB, async () => {
    let taken = 0;
    let delivered = 0;
    for (let batch = 0; batch < 50; batch++) {
      const done = await sendPendingNotificationPushes(ctx());
      taken += done.taken;
      delivered += done.delivered;
      if (!done.more) break;
    }
    return { taken, delivered };
  });
  await jobs.schedule(NOTIFICATION_PUSHES_JOB, '* * * * *');
}
