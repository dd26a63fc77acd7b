import type { AppContext } from '../../platform/context';
import { findCalendarOwner, findSession, findSessionRow, sessionsPage } from './queries';

/** The session calls' reads (queries.ts), each taking the request's context. */

/** One session, if it exists. */
export const sessionById = (ctx: AppContext, id: string) => findSession(ctx.db, id);

/** One session with its facilitator and booker, as the answers show it. */
export const sessionRowById = (ctx: AppContext, id: string) => findSessionRow(ctx.db, id);

/** The account whose calendar is asked for, if it exists (canViewCalendar decides). */
export const calendarOwnerById = (ctx: AppContext, id: string) => findCalendarOwner(ctx.db, id);

/** A page of sessions matching `where` (queries.ts inWindow, upcomingBookingsOf). */
export const sessionListPage = (
  ctx: AppContext,
  where: Parameters<typeof sessionsPage>[1],
  page: { cursor?: string; limit: number },
) => sessionsPage(ctx.db, where, page);
