import { lt, sql } from 'drizzle-orm';
import { pushDeliveries } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { DAILY_REMINDER_JOB, sendDailyReminders } from './daily-reminder';
import { registerPushRetry } from './deliver';
import { registerNotificationPushes } from './notification-pushes';

const PUSH_CLEANUP_JOB = 'push-deliveries-cleanup';

type PushJobsCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>;

/**
 * Every job of Web Push on the job runner: the notification dispatcher and the daily reminder
 * every minute, the retries, and a nightly delete of delivery records older than 7 days (a retry
 * gives up after minutes, and a job's key is kept 12 hours). The reminder reads the time from
 * `clock`: the real one in production; tests pass a fake one to follow a day across a change of
 * daylight saving time.
 */
export async function registerPushJobs(jobs: JobRunner, ctx: () => PushJobsCtx, clock: () => Date) {
  await registerNotificationPushes(jobs, ctx);
  await registerPushRetry(jobs, ctx);
  await jobs.work(DAILY_REMINDER_JOB, () => sendDailyReminders(ctx(), clock()));
  await jobs.schedule(DAILY_REMINDER_JOB, '* * * * *');
  await jobs.work(PUSH_CLEANUP_JOB, async () => {
    const gone = await ctx()
      .db.delete(pushDeliveries)
      .where(lt(pushDeliveries.deliveredAt, sql`now() - interval '7 days'`))
      .returning({ key: pushDeliveries.key });
    return { deliveries: gone.length };
  });
  await jobs.schedule(PUSH_CLEANUP_JOB, '47 3 * * *');
}
