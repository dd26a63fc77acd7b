import { and, asc, eq, sql } from 'drizzle-orm';
import type { AttendanceAnswer } from '../../../common/sessions/after/schemas';
import type { Executor } from '../../db/client';
import { type Session, sessionBookings, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { promptFeedback } from './feedback';

/** A join click this long before the start counts as attending (members open the room a little early). */
export const JOIN_OPENS_MINUTES = 15;

/** The booked members of a session with their attendance, in booking order (the facilitator's checklist). */
export async function attendanceOf(db: Executor, session: Session, now = new Date()): Promise<AttendanceAnswer> {
  const rows = await db
    .select({
      _id: users.id,
      name: users.name,
      picture: users.profilePicture,
      attended: sessionBookings.attended,
      joinedAt: sessionBookings.joinedAt,
    })
    .from(sessionBookings)
    .innerJoin(users, eq(users.id, sessionBookings.memberId))
    .where(and(eq(sessionBookings.sessionId, session.id), eq(sessionBookings.status, 'booked')))
    .orderBy(asc(sessionBookings.bookedAt), asc(sessionBookings.createdAt));
  return {
    started: session.startTime.getTime() <= now.getTime(),
    members: rows.map((r) => ({ ...r, joinedAt: r.joinedAt?.toISOString() ?? null })),
  };
}

/**
 * The facilitator marks a booked member attended (true), a no-show (false) or unmarked (null),
 * once the session has started. Marking a member attended after the end prompts them for a
 * rating if the end's prompts have already gone (the prompt itself is once per booking).
 */
export async function markAttendance(
  ctx: Pick<AppContext, 'db'>,
  options: { session: Session; memberId: string; attended: boolean | null; now?: Date },
) {
  const { session, memberId, attended } = options;
  const now = options.now ?? new Date();
  if (session.startTime.getTime() > now.getTime()) throw badRequest('session_not_started');
  const [row] = await ctx.db
    .update(sessionBookings)
    .set({ attended, attendedAt: attended === null ? null : now })
    .where(
      and(
        eq(sessionBookings.sessionId, session.id),
        eq(sessionBookings.memberId, memberId),
        eq(sessionBookings.status, 'booked'),
      ),
    )
    .returning({ id: sessionBookings.id });
  if (!row) throw notFound('booker_not_found');
  if (attended === true && session.endTime.getTime() <= now.getTime())
    await promptFeedback(ctx, session, [row.id], now);
  return (await attendanceOf(ctx.db, session, now)).members.find((m) => m._id === memberId)!;
}

/**
 * A booked member's click on the join link, from JOIN_OPENS_MINUTES before the start until the
 * end: the first one is recorded, and marks them attended unless the facilitator already marked
 * them (a mark by the facilitator always wins). Clicks outside that time record nothing.
 */
export async function joinSession(
  ctx: Pick<AppContext, 'db'>,
  options: { session: Session; memberId: string; now?: Date },
) {
  const { db } = ctx;
  const { session, memberId } = options;
  const now = options.now ?? new Date();
  const opens = session.startTime.getTime() - JOIN_OPENS_MINUTES * 60_000;
  if (now.getTime() < opens || now.getTime() > session.endTime.getTime()) return false;
  const updated = await db
    .update(sessionBookings)
    .set({
      joinedAt: sql`coalesce(${sessionBookings.joinedAt}, ${now.toISOString()}::timestamptz)`,
      attended: sql`coalesce(${sessionBookings.attended}, true)`,
      attendedAt: sql`coalesce(${sessionBookings.attendedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(sessionBookings.sessionId, session.id),
        eq(sessionBookings.memberId, memberId),
        eq(sessionBookings.status, 'booked'),
      ),
    )
    .returning({ id: sessionBookings.id });
  return updated.length > 0;
}
