import type { Session } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { type PushMessage, pushToMembers } from '../push/deliver';
import { bookersText, loadParties, queueSessionMails } from './mails';
import { findSession } from './queries';

type Parties = NonNullable<Awaited<ReturnType<typeof loadParties>>>;

export const SESSION_REMINDER_JOB = 'session-reminder';

const HOUR = 3_600_000;
/** A session's reminders: a day before and an hour before the start. */
export const REMINDER_LEADS = { '24h': 24 * HOUR, '1h': HOUR } as const;
export type ReminderLead = keyof typeof REMINDER_LEADS;

/**
 * What a reminder job remembers: the session and the start it was scheduled for. `bookedBy` is
 * only in jobs queued before sessions had places (one job then per booker); it is not read.
 */
export type ReminderJob = { sessionId: string; startISO: string; bookedBy?: string; lead: ReminderLead };

type ReminderCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>;

/**
 * The job's key names the session and its start, so a moved session gets jobs of its own, and
 * the jobs of the old start find nothing to do. One job per start reminds every booked member:
 * the second booking of a session queues nothing new.
 */
export const reminderKey = (job: Omit<ReminderJob, 'lead'>, lead: ReminderLead) =>
  `reminder:${job.sessionId}:${job.startISO}:${lead}`;

/**
 * Queues the 24-hour and 1-hour reminders of a booked session on the job runner, each to run at
 * its time (startAfter); one whose time has passed is left out. Called when a place is booked
 * (free or paid) and when a booked session moves. Sending the same start again adds nothing.
 */
export async function scheduleReminders(
  ctx: Pick<AppContext, 'jobs'>,
  session: Pick<Session, 'id' | 'startTime'>,
  now = new Date(),
): Promise<ReminderLead[]> {
  const base = { sessionId: session.id, startISO: session.startTime.toISOString() };
  const scheduled: ReminderLead[] = [];
  for (const lead of Object.keys(REMINDER_LEADS) as ReminderLead[]) {
    const at = new Date(session.startTime.getTime() - REMINDER_LEADS[lead]);
    if (at.getTime() <= now.getTime()) continue;
    const key = reminderKey(base, lead);
    await ctx.jobs.send(SESSION_REMINDER_JOB, { ...base, lead } satisfies ReminderJob, { key, startAfter: at });
    scheduled.push(lead);
  }
  return scheduled;
}

/**
 * One reminder job: the session is read again, and the reminder goes out only if it still has
 * booked members at the same start (a moved session has jobs of its own, a deleted one sends
 * nothing) and has not started. It mails every booked member and the facilitator, each unless
 * their 'session' mails are off (a reminder in tomorrow's digest would be too late, so 'Daily
 * digest' still gets it), with the invitation at the session's current SEQUENCE attached.
 *
 * The hour-before reminder also goes out as a push to those of the two who want 'Sessions
 * starting in 1 hour', first: whoever's push service took it gets no mail of it, unless they chose
 * both (common/push/mail-rule.ts). A re-run of the job finds the pushes recorded and sends none
 * again (push_deliveries, key `session:<id>:<start>:<user>`).
 */
export async function sendSessionReminder(ctx: ReminderCtx, job: ReminderJob, now = new Date()) {
  const session = await findSession(ctx.db, job.sessionId);
  if (!session) return { skipped: 'session deleted' };
  if (session.startTime.toISOString() !== job.startISO) return { skipped: 'session moved' };
  const left = session.startTime.getTime() - now.getTime();
  if (left <= 0) return { skipped: 'session started' };
  // a day-before reminder run very late (the server was down) gives way to the hour-before one
  if (job.lead === '24h' && left <= REMINDER_LEADS['1h']) return { skipped: 'the 1 hour reminder is due' };
  const key = reminderKey(job, job.lead);
  const parties = await loadParties(ctx.db, session);
  if (!parties || parties.bookers.length === 0) return { skipped: 'nobody booked' };
  const pushed = job.lead === '1h' ? await pushStartsSoon(ctx, session, parties, job, now) : undefined;
  const queued = await queueSessionMails(ctx, {
    kind: job.lead === '24h' ? 'reminder-24h' : 'reminder-1h',
    session,
    sequence: session.icsSequence,
    method: 'REQUEST',
    members: 'all',
    toFacilitator: true,
    keyOf: (_role, recipient) => `${key}:${recipient.id}`,
    wanted: (frequency) => frequency !== 'off',
    pushed,
    now,
  });
  return { queued, ...(pushed?.size ? { pushed: pushed.size } : {}) };
}

/** 'Starts in 1 hour' as a push to the booked members and the facilitator; answers who received it. */
async function pushStartsSoon(ctx: ReminderCtx, session: Session, parties: Parties, job: ReminderJob, now: Date) {
  const message = (to: 'member' | 'facilitator', other: string): PushMessage => ({
    payload: {
      title: 'Starts in 1 hour',
      body: to === 'member' ? `${session.name} with ${other}` : `${session.name}, booked by ${other}`,
      // my own profile lists my upcoming sessions, booked or hosted
      url: '/profile',
      tag: `session:${session.id}`,
    },
    // worth nothing once the session has started
    ttl: Math.max(60, Math.floor((session.startTime.getTime() - now.getTime()) / 1000)),
    urgency: 'high',
  });
  return pushToMembers(ctx, {
    kind: 'sessions',
    key: `session:${session.id}:${job.startISO}`,
    messages: new Map([
      ...parties.bookers.map((b) => [b.id, message('member', parties.facilitator.name)] as const),
      [parties.facilitator.id, message('facilitator', bookersText(parties.bookers.map((b) => b.name)))],
    ]),
  });
}

/** The reminder worker (registered from app.ts). */
export async function registerSessionReminders(jobs: JobRunner, ctx: () => ReminderCtx) {
  await jobs.work<ReminderJob>(SESSION_REMINDER_JOB, ({ data }) => sendSessionReminder(ctx(), data), {
    concurrency: 2,
  });
}
