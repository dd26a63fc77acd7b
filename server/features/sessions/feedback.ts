import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FeedbackPromptAnswer, SessionFeedbackAnswer } from '../../../common/sessions/after/schemas';
import type { Executor } from '../../db/client';
import { type Session, sessionBookings, sessions, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import { notify } from '../notifications/service';
import { canRateSession } from './policy';
import { findSession } from './queries';

export const FEEDBACK_PROMPT_JOB = 'session-feedback-prompt';

/** What the end-of-session job remembers: the session and the end it was scheduled for. */
export type FeedbackPromptJob = { sessionId: string; endISO: string };

type FeedbackCtx = Pick<AppContext, 'db'>;

/** The in-app text of the prompt. */
export const feedbackPromptText = (s: Pick<Session, 'name'>) => `How was ${s.name}? Rate it from 1 to 5.`;

/**
 * Queues the "How was it?" job at the session's end. The key names the session and its end, so a
 * moved session gets a job of its own and the old one finds the end changed; queuing the same end
 * again (every booking of a group session) adds nothing.
 */
export async function scheduleFeedbackPrompts(
  ctx: Pick<AppContext, 'jobs'>,
  session: Pick<Session, 'id' | 'endTime'>,
  now = new Date(),
) {
  if (session.endTime.getTime() <= now.getTime()) return false;
  const job: FeedbackPromptJob = { sessionId: session.id, endISO: session.endTime.toISOString() };
  await ctx.jobs.send(FEEDBACK_PROMPT_JOB, job, {
    key: `feedback:${job.sessionId}:${job.endISO}`,
    startAfter: session.endTime,
  });
  return true;
}

/**
 * Prompts the given bookings (or every booked attendee of the session) once: one conditional
 * update claims the bookings whose prompt has not gone, and only the claimed ones are notified,
 * so a job run twice, or a mark after the job, never prompts a member twice.
 */
export async function promptFeedback(ctx: FeedbackCtx, session: Session, bookingIds?: string[], now = new Date()) {
  const claimed = await ctx.db
    .update(sessionBookings)
    .set({ feedbackPromptedAt: now })
    .where(
      and(
        eq(sessionBookings.sessionId, session.id),
        eq(sessionBookings.status, 'booked'),
        eq(sessionBookings.attended, true),
        isNull(sessionBookings.feedbackPromptedAt),
        bookingIds ? inArray(sessionBookings.id, bookingIds) : undefined,
      ),
    )
    .returning({ memberId: sessionBookings.memberId });
  await notify(
    ctx.db,
    claimed.map((c) => ({
      userId: c.memberId,
      type: 'session' as const,
      message: feedbackPromptText(session),
      link: '/profile',
    })),
  );
  return claimed.length;
}

/** The end-of-session job: a deleted or moved session's job does nothing. */
export async function sendFeedbackPrompts(ctx: FeedbackCtx, job: FeedbackPromptJob, now = new Date()) {
  const session = await findSession(ctx.db, job.sessionId);
  if (!session) return { skipped: 'session deleted' };
  if (session.endTime.toISOString() !== job.endISO) return { skipped: 'session moved' };
  return { prompted: await promptFeedback(ctx, session, undefined, now) };
}

/** The feedback worker (registered from app.ts). */
export async function registerFeedbackPrompts(jobs: JobRunner, ctx: () => FeedbackCtx) {
  await jobs.work<FeedbackPromptJob>(FEEDBACK_PROMPT_JOB, ({ data }) => sendFeedbackPrompts(ctx(), data));
}

/**
 * An attendee rates an ended session 1 to 5 with an optional comment, once: the update only
 * takes a booking that has no rating yet.
 */
export async function rateSession(
  ctx: FeedbackCtx,
  options: { session: Session; member: { id: string }; rating: number; comment?: string; now?: Date },
) {
  const { session, member } = options;
  const now = options.now ?? new Date();
  const [booking] = await ctx.db
    .select({ id: sessionBookings.id, memberId: sessionBookings.memberId, attended: sessionBookings.attended })
    .from(sessionBookings)
    .where(
      and(
        eq(sessionBookings.sessionId, session.id),
        eq(sessionBookings.memberId, member.id),
        eq(sessionBookings.status, 'booked'),
      ),
    )
    .limit(1);
  if (!canRateSession(member, booking)) throw notFound('not_an_attendee');
  if (session.endTime.getTime() > now.getTime()) throw badRequest('session_not_ended');
  const rated = await ctx.db
    .update(sessionBookings)
    .set({ rating: options.rating, ratingComment: options.comment || null, ratedAt: now })
    .where(and(eq(sessionBookings.id, booking!.id), isNull(sessionBookings.ratedAt)))
    .returning({ id: sessionBookings.id });
  if (rated.length === 0) throw conflict('already_rated');
}

/** A session's ratings for its facilitator: the average to one decimal, and the comments, newest first. */
export async function feedbackOf(db: Executor, sessionId: string): Promise<SessionFeedbackAnswer> {
  const rated = and(eq(sessionBookings.sessionId, sessionId), isNotNull(sessionBookings.ratedAt));
  const [summary] = await db
    .select({ average: sql<string | null>`avg(${sessionBookings.rating})`, count: sql<number>`count(*)::int` })
    .from(sessionBookings)
    .where(rated);
  const comments = await db
    .select({ name: users.name, rating: sessionBookings.rating, comment: sessionBookings.ratingComment })
    .from(sessionBookings)
    .innerJoin(users, eq(users.id, sessionBookings.memberId))
    .where(and(rated, isNotNull(sessionBookings.ratingComment)))
    .orderBy(desc(sessionBookings.ratedAt));
  return {
    average: summary?.average == null ? null : Math.round(Number(summary.average) * 10) / 10,
    count: summary?.count ?? 0,
    comments: comments.map((c) => ({ name: c.name, rating: c.rating!, comment: c.comment! })),
  };
}

/** The sessions waiting for the member's rating: prompted, not yet rated (the in-app card). */
export async function feedbackPromptsOf(db: Executor, memberId: string): Promise<FeedbackPromptAnswer[]> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      name: sessions.name,
      endTime: sessions.endTime,
      facilitatorName: users.name,
    })
    .from(sessionBookings)
    .innerJoin(sessions, eq(sessions.id, sessionBookings.sessionId))
    .innerJoin(users, eq(users.id, sessions.facilitatorId))
    .where(
      and(
        eq(sessionBookings.memberId, memberId),
        eq(sessionBookings.status, 'booked'),
        isNotNull(sessionBookings.feedbackPromptedAt),
        isNull(sessionBookings.ratedAt),
      ),
    )
    .orderBy(desc(sessions.endTime))
    .limit(20);
  return rows.map((r) => ({ ...r, endTime: r.endTime.toISOString() }));
}
