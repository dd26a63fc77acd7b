import type { Session } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { attendanceOf } from './attendance';
import { feedbackOf, feedbackPromptsOf } from './feedback';
import { findCalendarOwner, findSession, findSessionRow, liveBookingOf, sessionsPage } from './queries';
import { sessionDefaults } from './service';

/** The session calls' reads (queries.ts), each taking the request's context. */

/** One session, if it exists. */
export const sessionById = (ctx: AppContext, id: string) => findSession(ctx.db, id);

/** One session with its facilitator and bookings, as `viewerId` may see it. */
export const sessionRowById = (ctx: AppContext, id: string, viewerId: string) => findSessionRow(ctx.db, id, viewerId);

/** The account whose calendar is asked for, if it exists (canViewCalendar decides). */
export const calendarOwnerById = (ctx: AppContext, id: string) => findCalendarOwner(ctx.db, id);

/** A page of sessions matching `where` (queries.ts inWindow, upcomingBookingsOf), as `viewerId` sees them. */
export const sessionListPage = (
  ctx: AppContext,
  viewerId: string,
  where: Parameters<typeof sessionsPage>[2],
  page: { cursor?: string; limit: number },
) => sessionsPage(ctx.db, viewerId, where, page);

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
