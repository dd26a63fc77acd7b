import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { describeUserAgent } from '../../../common/auth/user-agent';
import { DEFAULT_PUSH_KINDS, DEFAULT_REMINDER_TIME } from '../../../common/push/kinds';
import type { PushPreferencesRequest, PushSubscriptionInput } from '../../../common/push/schemas';
import { pushPreferences, pushSubscriptions, type User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { type AppContext, type CommandContext, inTransaction } from '../../platform/context';
import { badRequest, unauthorized } from '../../platform/errors';
import { isSendableEndpoint } from './endpoint';
import { canRemoveDevice, canReplaceSubscription, canSubscribeFrom } from './policy';
import { presentDevices, presentPreferences } from './presenter';
import { devicesOf, findDevice, findDeviceByEndpoint, preferencesOf, sessionIdOf } from './queries';
import { vapidDetails } from './vapid';

/** Who asks, and from which sign-in session (a device belongs to one). */
type Me = { user: User; sessionTokenHash: string | null };

/** GET push/key: the public key of this instance set's VAPID pair. */
export async function pushPublicKey(ctx: Pick<AppContext, 'db' | 'config'>) {
  return { publicKey: (await vapidDetails(ctx)).publicKey };
}

/** Settings → Notifications: my devices (this one first) and my kinds. */
export async function myPushSettings(ctx: AppContext, me: Me) {
  const [devices, preferences, sessionId] = await Promise.all([
    devicesOf(ctx.db, me.user.id),
    preferencesOf(ctx.db, me.user.id),
    sessionIdOf(ctx.db, me.sessionTokenHash),
  ]);
  return {
    devices: presentDevices(devices, sessionId),
    preferences: presentPreferences(preferences, me.user.timeZone),
  };
}

/**
 * 'Turn on notifications on this device': stores the browser's subscription for this sign-in
 * session, unique by endpoint. The same endpoint sent again (a second tap, or another member
 * signing in on a shared phone) takes the row over for the member and session asking; an older
 * subscription of this session (the browser made a new one) is dropped. The member's first device
 * also makes their kinds, at the defaults (DEFAULT_PUSH_KINDS, the reminder at 08:00).
 */
export async function subscribeDevice(
  ctx: CommandContext,
  me: Me & { subscription: PushSubscriptionInput; userAgent: string | undefined },
) {
  const { endpoint, keys } = me.subscription;
  if (!isSendableEndpoint(endpoint, { loopback: ctx.config.pushToLoopback })) throw badRequest('push_endpoint_refused');
  const sessionId = await sessionIdOf(ctx.db, me.sessionTokenHash);
  authorize(canSubscribeFrom(sessionId), () => unauthorized('push_session_required'));
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.sessionId, sessionId), ne(pushSubscriptions.endpoint, endpoint)));
    const row = {
      userId: me.user.id,
      sessionId,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      label: describeUserAgent(me.userAgent),
    };
    await tx.db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          ...row,
          // another member's device becomes a new one of mine
          createdAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.createdAt} else now() end`,
          lastUsedAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.lastUsedAt} end`,
        },
      });
    await tx.db
      .insert(pushPreferences)
      .values({
        userId: me.user.id,
        ...DEFAULT_PUSH_KINDS,
        reminderTime: DEFAULT_REMINDER_TIME,
        remindedOn: dayIfPassed(me.user.timeZone, sql`${DEFAULT_REMINDER_TIME}::time`, sql`null`),
      })
      .onConflictDoNothing();
  });
  return myPushSettings(ctx, me);
}

/** 'Remove' on one of my devices; another's is unknown to me (404). */
export async function removeDevice(ctx: AppContext, me: Me & { deviceId: string }) {
  const device = await findDevice(ctx.db, me.deviceId);
  authorize(canRemoveDevice(me.user, device), hidden('push_device_not_found'));
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device!.id));
  return myPushSettings(ctx, me);
}

/**
 * Saves the kinds I changed (a member who never turned push on gets the defaults for the rest).
 * A reminder time that has already passed today, in my zone, starts tomorrow: changing it is not
 * a reason to be reminded at once, and a day is never reminded twice.
 */
export async function choosePushKinds(ctx: AppContext, me: Me & { changes: PushPreferencesRequest }) {
  const { changes } = me;
  const time = sql`${changes.reminderTime ?? DEFAULT_REMINDER_TIME}::time`;
  const set: Record<string, unknown> = { ...changes, updatedAt: sql`now()` };
  if (changes.reminderTime !== undefined || changes.dailyReminder === true) {
    const newTime =
      changes.reminderTime !== undefined ? sql`excluded.reminder_time` : sql`${pushPreferences.reminderTime}`;
    set.remindedOn = dayIfPassed(me.user.timeZone, newTime, sql`${pushPreferences.remindedOn}`);
  }
  await ctx.db
    .insert(pushPreferences)
    .values({
      userId: me.user.id,
      ...DEFAULT_PUSH_KINDS,
      reminderTime: DEFAULT_REMINDER_TIME,
      ...changes,
      remindedOn: dayIfPassed(me.user.timeZone, time, sql`null`),
    })
    .onConflictDoUpdate({
      target: pushPreferences.userId,
      set,
    });
  return myPushSettings(ctx, me);
}

/**
 * Today's date in the zone when the local time there has reached `time`, else `otherwise`
 * (a zone PostgreSQL does not know: `otherwise`).
 */
function dayIfPassed(timeZone: string, time: SQL, otherwise: SQL): SQL {
  const local = sql`(now() at time zone ${timeZone})`;
  return sql`case when ${timeZone} in (select name from pg_timezone_names) and ${local}::time >= ${time}
    then to_char(${local}, 'YYYY-MM-DD') else ${otherwise} end`;
}

/**
 * The service worker's 'pushsubscriptionchange': the browser replaced a subscription, and the
 * new one takes the old one's place (same member, session and label). Unknown old endpoint: 404.
 */
export async function replaceSubscription(
  ctx: CommandContext,
  options: { oldEndpoint: string; subscription: PushSubscriptionInput },
) {
  const device = await findDeviceByEndpoint(ctx.db, options.oldEndpoint);
  authorize(canReplaceSubscription(device), hidden('push_subscription_unknown'));
  const { endpoint, keys } = options.subscription;
  if (!isSendableEndpoint(endpoint, { loopback: ctx.config.pushToLoopback })) throw badRequest('push_endpoint_refused');
  await inTransaction(ctx, async (tx) => {
    if (endpoint !== device.endpoint)
      await tx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    await tx.db
      .update(pushSubscriptions)
      .set({ endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .where(eq(pushSubscriptions.id, device.id));
  });
  return { status: 'ok' as const };
}
