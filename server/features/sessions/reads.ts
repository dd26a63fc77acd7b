import type { Session } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { attendanceOf } from './attendance';
import { feedbackOf, feedbackPromptsOf } from './feedback';
import { findCalendarOwner, findSession, findSessionRow, liveBookingOf, sessionsPage } from './queries';
import type { SessionRow } from './presenter';
import { recurrenceOf } from './series-queries';
import { sessionDefaults } from './service';

/** The session calls' reads (queries.ts), each taking the request's context. */

/** One session, if it exists. */
export const sessionById = (ctx: AppContext, id: string) => findSession(ctx.db, id);

/** Rows with how their series repeat: one query for the whole page, none without a series. */
async function withRecurrence(ctx: AppContext, rows: SessionRow[]) {
  const ids = rows.flatMap((row) => (row.slot.seriesId ? [row.slot.seriesId] : []));
  if (ids.length === 0) return rows;
  const recurrence = await recurrenceOf(ctx.db, ids);
  return rows.map((row) => {
    const text = row.slot.seriesId ? recurrence.get(row.slot.seriesId) : undefined;
    return text ? { ...row, recurrence: text } : row;
  });
}

/** One session with its facilitator and bookings (and how its series repeats), as `viewerId` may see it. */
export async function sessionRowById(ctx: AppContext, id: string, viewerId: string) {
  const row = await findSessionRow(ctx.db, id, viewerId);
  return row && (await withRecurrence(ctx, [row]))[0];
}

/** The account whose calendar is asked for, if it exists (canViewCalendar decides). */
export const calendarOwnerById = (ctx: AppContext, id: string) => findCalendarOwner(ctx.db, id);

/** A page of sessions matching `where` (queries.ts inWindow, upcomingBookingsOf), as `viewerId` sees them, with their series' recurrence. */
export const sessionListPage = async (
  ctx: AppContext,
  viewerId: string,
  where: Parameters<typeof sessionsPage>[2],
  page: { cursor?: string; limit: number },
) => {
  const { items, next } = await sessionsPage(ctx.db, viewerId, where, page);
  return { items: await withRecurrence(ctx, items), next };
};

/** What a facilitator's new session starts from (service.ts sessionDefaults). */
export const defaultsFor = (ctx: AppContext, facilitatorId: string) => sessionDefaults(ctx.db, facilitatorId);

/** The member's live booking of a session (held or booked), if any. */
export const liveBookingByMember = (ctx: AppContext, sessionId: string, memberId: string) =>
  liveBookingOf(ctx.db, sessionId, memberId);

/** Who was booked on a session and whether they attended (the owner's checklist). */
export const attendanceById = (ctx: AppContext, session: Session) => attendanceOf(ctx.db, session);

/** A session's ratings: the average, the count and the comments. */
export const feedbackById = (ctx: AppContext, sessionId: string) => feedbackOf(ctx.db, sessionId);

/** The sessions waiting for the member's rating. */
export const feedbackPromptsByMember = (ctx: AppContext, memberId: string) => feedbackPromptsOf(ctx.db, memberId);
