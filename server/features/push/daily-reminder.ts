import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PushPayload } from '../../../common/push/payload';
import { selectRows } from '../../db/client';
import { authSessions, pushPreferences, pushSubscriptions, subscriptions, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { todaysPractices } from '../practice/todays-practice';
import { entitledSql } from '../subscriptions/entitlement';
import { deliverPushes, type PushMessage, queueRetry } from './deliver';
import { devicesWanting } from './queries';

export const DAILY_REMINDER_JOB = 'push-daily-reminder';
export const DAILY_REMINDER_BATCH = 200;
/**
 * A reminder not sent by this long after its time (the server was down) is left for the next
 * day: a morning reminder in the evening helps nobody.
 */
export const REMINDER_LATE_LIMIT_SECONDS = 3 * 60 * 60;

type ReminderCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>;

/** Who was claimed for a reminder: the member, their zone and their local day. */
type Claimed = { user_id: string; time_zone: string; day: string };

/**
 * The daily practice reminder: at the time a member picked, in their own time zone, one push a
 * day to their devices, naming today's practice when there is one.
 *
 * The members due are found and claimed in SQL, in one statement per page: those with the
 * reminder on, a device on a live session and an entitled subscription (practice to do), whose
 * local time of day has reached their reminder time and whose `reminded_on` is not their local
 * date yet. The statement sets `reminded_on` to that date where it still is not, so a second
 * instance or a re-run finds them taken (PostgreSQL re-checks the condition on a row another
 * transaction just updated). Then: today's practice of the page (two statements), their devices
 * (one) and the sends (deliverPushes).
 *
 * Comparing the local time of day, rather than an instant, is what makes daylight saving time
 * safe: on the spring-forward day a time that does not exist (02:30 in New York on 8 March
 * 2026) has passed at the first minute after the gap (03:00), and on the fall-back day a time
 * that comes twice (01:30 on 1 November 2026) fires the first time and is claimed for the second.
 */
export async function sendDailyReminders(ctx: ReminderCtx, now: Date, { batch = DAILY_REMINDER_BATCH } = {}) {
  let reminded = 0;
  let devices = 0;
  for (;;) {
    const claimed = await claimDueMembers(ctx, now, batch);
    if (claimed.length === 0) break;
    const practices = await todaysPractices(
      ctx.db,
      claimed.map((m) => ({ id: m.user_id, timeZone: m.time_zone })),
      now,
    );
    const targets = await devicesWanting(
      ctx.db,
      claimed.map((m) => m.user_id),
      'dailyReminder',
    );
    const byUser = new Map(claimed.map((m) => [m.user_id, m]));
    const sends = targets.map((target) => {
      const member = byUser.get(target.userId)!;
      const titles = (practices.get(target.userId) ?? []).map((p) => p.content.title);
      return { key: `reminder:${member.user_id}:${member.day}`, target, message: reminderPush(titles, member.day) };
    });
    const outcome = await deliverPushes(ctx, sends);
    for (const member of claimed) {
      const failed = outcome.failed.filter((s) => s.target.userId === member.user_id);
      if (failed.length > 0)
        await queueRetry(ctx, {
          key: failed[0]!.key,
          message: failed[0]!.message,
          subscriptionIds: failed.map((s) => s.target.id),
        });
    }
    reminded += claimed.length;
    devices += outcome.delivered.length;
    if (claimed.length < batch) break;
  }
  return { reminded, devices };
}

/** The reminder's text: today's practice by name when there is one. */
export function reminderPush(titles: readonly string[], day: string): PushMessage {
  const body =
    titles.length === 0
      ? 'Take a few minutes for your practice today.'
      : titles.length === 1
        ? `Today: ${titles[0]}`
        : `Today: ${titles[0]} and ${titles.length - 1} more`;
  const payload: PushPayload = { title: 'Time for your practice', body, url: '/', tag: `reminder:${day}` };
  // worth nothing tomorrow: the push service keeps it 6 hours for a phone that is off
  return { payload, ttl: 6 * 60 * 60, urgency: 'normal' };
}

/** One page of due members, claimed (see sendDailyReminders). Zones PostgreSQL does not know are skipped. */
async function claimDueMembers(ctx: ReminderCtx, now: Date, batch: number) {
  const s = alias(subscriptions, 's');
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${users.timeZone})`;
  const secondsOfDay = (time: ReturnType<typeof sql>) => sql`extract(epoch from ${time})`;
  return selectRows<Claimed>(
    ctx.db,
    sql`with due as (
      select ${pushPreferences.userId} as user_id, ${users.timeZone} as time_zone,
             to_char(${local}, 'YYYY-MM-DD') as day
      from ${pushPreferences} join ${users} on ${users.id} = ${pushPreferences.userId}
      where ${pushPreferences.dailyReminder}
        and ${users.timeZone} in (select name from pg_timezone_names)
        and ${secondsOfDay(sql`${local}::time`)} >= ${secondsOfDay(sql`${pushPreferences.reminderTime}`)}
        and ${secondsOfDay(sql`${local}::time`)} < ${secondsOfDay(sql`${pushPreferences.reminderTime}`)} + ${REMINDER_LATE_LIMIT_SECONDS}
        and ${pushPreferences.remindedOn} is distinct from to_char(${local}, 'YYYY-MM-DD')
        and exists (select 1 from ${pushSubscriptions} join ${authSessions} on ${authSessions.id} = ${pushSubscriptions.sessionId}
                    where ${pushSubscriptions.userId} = ${pushPreferences.userId} and ${authSessions.expiresAt} > now())
        and exists (select 1 from ${subscriptions} s where ${s.userId} = ${pushPreferences.userId} and ${entitledSql(s)})
      order by ${pushPreferences.userId}
      limit ${batch}
    )
    update ${pushPreferences} set reminded_on = due.day from due
    where ${pushPreferences.userId} = due.user_id and ${pushPreferences.remindedOn} is distinct from due.day
    returning due.user_id, due.time_zone, due.day`,
  );
}
