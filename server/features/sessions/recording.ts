import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { RecordingAnswer } from '../../../common/sessions/recording/schemas';
import { content, type Session, sessionBookings, sessionRecordings, sessions } from '../../db/schema';
import { sessionsPage } from './queries';
import type { SessionRow } from './presenter';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { notify } from '../notifications/service';

/** Where "Recording ready" takes the member: their library, where the recording now is. */
export const RECORDING_LINK = '/past-practices';
export const recordingReadyText = (s: Pick<Session, 'name'>) => `Recording ready: ${s.name}`;

/**
 * Attaches a content item of the session's facilitator as its recording (the route has applied
 * canAttachRecording and checked the item and tier are the facilitator's), or changes it. The
 * booked members are told "Recording ready" once per session: the first attach claims
 * `notified_at` with a conditional update in the same transaction as the upsert, which holds the
 * row, so a second attach at the same time (on any instance) waits and finds it claimed.
 */
export async function attachRecording(
  ctx: Pick<AppContext, 'db'>,
  options: { session: Session; contentId: string; series: boolean; tierId: string | null; now?: Date },
): Promise<{ notified: number }> {
  const { session, contentId, series, tierId } = options;
  const now = options.now ?? new Date();
  if (session.startTime.getTime() > now.getTime()) throw badRequest('recording_not_started');
  if (series && session.seriesId === null) throw badRequest('recording_not_in_series');
  return ctx.db.transaction(async (db) => {
    const values = { contentId, seriesAudience: series, tierId, attachedAt: now };
    await db
      .insert(sessionRecordings)
      .values({ sessionId: session.id, ...values })
      .onConflictDoUpdate({ target: sessionRecordings.sessionId, set: values });
    const claimed = await db
      .update(sessionRecordings)
      .set({ notifiedAt: now })
      .where(and(eq(sessionRecordings.sessionId, session.id), isNull(sessionRecordings.notifiedAt)))
      .returning({ id: sessionRecordings.sessionId });
    if (claimed.length === 0) return { notified: 0 };
    const booked = await db
      .select({ memberId: sessionBookings.memberId })
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, session.id), eq(sessionBookings.status, 'booked')));
    await notify(
      db,
      booked.map((b) => ({
        userId: b.memberId,
        type: 'recording' as const,
        message: recordingReadyText(session),
        link: RECORDING_LINK,
        createdAt: now,
      })),
    );
    return { notified: booked.length };
  });
}

/**
 * Detaches the recording: the extra access ends at once (recordingGrants reads only rows with an
 * item); the item itself stays, and so does `notified_at`, so attaching again tells nobody twice.
 */
export async function detachRecording(ctx: Pick<AppContext, 'db'>, session: Pick<Session, 'id'>) {
  const detached = await ctx.db
    .update(sessionRecordings)
    .set({ contentId: null, seriesAudience: false, tierId: null })
    .where(and(eq(sessionRecordings.sessionId, session.id), isNotNull(sessionRecordings.contentId)))
    .returning({ sessionId: sessionRecordings.sessionId });
  return detached.length > 0;
}

/** The session's recording as its facilitator sees it, or null when none is attached. */
export async function recordingOf(
  ctx: Pick<AppContext, 'db'>,
  session: Pick<Session, 'id'>,
): Promise<RecordingAnswer | null> {
  const [row] = await ctx.db
    .select({ recording: sessionRecordings, title: content.title })
    .from(sessionRecordings)
    .innerJoin(content, eq(content.id, sessionRecordings.contentId))
    .where(eq(sessionRecordings.sessionId, session.id))
    .limit(1);
  if (!row) return null;
  const r = row.recording;
  return {
    contentId: r.contentId!,
    title: row.title,
    series: r.seriesAudience,
    tierId: r.tierId,
    attachedAt: r.attachedAt.toISOString(),
    notifiedAt: r.notifiedAt?.toISOString() ?? null,
  };
}

/** How many of a member's past recorded sessions their list shows. */
export const RECORDED_SESSIONS_SHOWN = 20;

/**
 * A member's ended sessions, newest first, in which they hold a booked place and which have a
 * recording attached (the "Recordings of past sessions" list): two statements.
 */
export async function recordedSessionsOf(
  ctx: Pick<AppContext, 'db'>,
  memberId: string,
  now = new Date(),
): Promise<SessionRow[]> {
  const ids = await ctx.db
    .select({ id: sessions.id })
    .from(sessionBookings)
    .innerJoin(sessions, eq(sessions.id, sessionBookings.sessionId))
    .innerJoin(sessionRecordings, eq(sessionRecordings.sessionId, sessions.id))
    .where(
      and(
        eq(sessionBookings.memberId, memberId),
        eq(sessionBookings.status, 'booked'),
        isNotNull(sessionRecordings.contentId),
        lte(sessions.endTime, sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(desc(sessions.startTime), desc(sessions.id))
    .limit(RECORDED_SESSIONS_SHOWN);
  if (ids.length === 0) return [];
  const { items } = await sessionsPage(
    ctx.db,
    memberId,
    inArray(
      sessions.id,
      ids.map((r) => r.id),
    ),
    { limit: RECORDED_SESSIONS_SHOWN },
  );
  return items.reverse();
}
