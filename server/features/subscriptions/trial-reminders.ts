import { sql } from 'drizzle-orm';
import { formatDate } from '../../../common/time';
import { priceWithInterval, type BillingInterval } from '../../../common/tiers/intervals';
import { selectRows } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { notify } from '../notifications/service';

export const TRIAL_REMINDER_JOB = 'trial-first-charge-reminder';
/** The reminder goes this many days before the first charge… */
export const TRIAL_REMINDER_DAYS = 3;
/** …at this hour of the member's own day (9:00-9:59), so it never arrives at night. */
export const TRIAL_REMINDER_HOUR = 9;

type Due = {
  id: string;
  userId: string;
  timeZone: string;
  tierName: string;
  priceCents: number;
  interval: BillingInterval;
  chargeAt: string | Date;
};

/**
 * 'Your free trial ends soon': for each paid subscription in its trial, once, on the member's
 * local day three days before the first charge (or the first 9 o'clock after, for a trial shorter
 * than that), between 9:00 and 9:59 in their time zone. It is a notification of the type
 * 'payment', so its mail follows the member's choice for billing mails and its unsubscribe link
 * turns those off together. Each subscription is claimed by a conditional update of its empty
 * trial_reminder_sent_at in the same transaction as the notification, so a re-run or a second
 * instance sends nothing twice. A trial set to end (cancelled) is not reminded: it will not charge.
 */
export async function sendTrialReminders(ctx: Pick<AppContext, 'db'>, now: Date = new Date()) {
  const at = now.toISOString();
  const due = await selectRows<Due>(
    ctx.db,
    sql`
    select s.id, s.user_id as "userId", u.time_zone as "timeZone", t.name as "tierName",
           s.price_cents as "priceCents", coalesce(s.billing_interval, t.billing_interval) as "interval", s.current_period_end as "chargeAt"
    from subscriptions s
    join users u on u.id = s.user_id
    join tiers t on t.id = s.tier_id
    where s.status = 'trialing' and not s.cancelled and not s.cancel_at_period_end
      and s.provider in ('stripe', 'test') and s.trial_reminder_sent_at is null
      and s.current_period_end > ${at}::timestamptz
      and extract(hour from ${at}::timestamptz at time zone u.time_zone) = ${TRIAL_REMINDER_HOUR}
      and (${at}::timestamptz at time zone u.time_zone)::date
          >= (s.current_period_end at time zone u.time_zone)::date - ${TRIAL_REMINDER_DAYS}::int
    order by s.id
    limit 500`,
  );
  let sent = 0;
  for (const sub of due) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await selectRows<{ id: string }>(
        tx,
        sql`update subscriptions set trial_reminder_sent_at = ${at}::timestamptz
            where id = ${sub.id} and trial_reminder_sent_at is null returning id`,
      );
      if (rows.length === 0) return false;
      const price = priceWithInterval(sub.priceCents / 100, sub.interval);
      const day = formatDate(new Date(sub.chargeAt), sub.timeZone);
      await notify(tx, {
        userId: sub.userId,
        type: 'payment',
        message:
          `Your free trial of ${sub.tierName} ends on ${day}: your first charge of ${price} is then. ` +
          'To keep it free, cancel before then in Billing.',
        link: '/subscriptions',
      });
      return true;
    });
    if (claimed) sent += 1;
  }
  return { due: due.length, sent };
}

/** Every 15 minutes, so each member's 9 o'clock is met whatever their zone's offset. */
export async function registerTrialReminders(jobs: JobRunner, ctx: () => Pick<AppContext, 'db'>, clock: () => Date) {
  await jobs.work(TRIAL_REMINDER_JOB, () => sendTrialReminders(ctx(), clock()));
  await jobs.schedule(TRIAL_REMINDER_JOB, '*/15 * * * *');
}
