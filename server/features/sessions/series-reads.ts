import { and, eq, inArray } from 'drizzle-orm';
import { sessionSeries, sessions, type SessionSeries } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { findSession, sessionsPage } from './queries';
import { cancelledDates } from './series-plan';
import { findSeries, seriesOfFacilitator } from './series-queries';

/** The series calls' reads, each taking the request's context. */

/** One series, if it exists. */
export const seriesById = (ctx: AppContext, id: string) => findSeries(ctx.db, id);

/** One session, if it exists. */
export const occurrenceById = (ctx: AppContext, id: string) => findSession(ctx.db, id);

/**
 * A series' occurrences as the answers show them, with facilitator and booker, in one query (a
 * series has at most a few hundred), and its cancelled dates.
 */
export async function seriesDetails(ctx: AppContext, series: SessionSeries, viewerId: string) {
  const { items } = await sessionsPage(ctx.db, viewerId, eq(sessions.seriesId, series.id), { limit: 500 });
  return {
    occurrences: items,
    cancelled: cancelledDates(
      series,
      items.map((row) => row.slot),
    ),
  };
}

/** Whether every id names a series of `ownerId` (a tier's credits may be limited to its owner's own series). */
export async function areOwnSeries(ctx: AppContext, ownerId: string, ids: string[]) {
  if (ids.length === 0) return true;
  const own = await ctx.db
    .select({ id: sessionSeries.id })
    .from(sessionSeries)
    .where(and(eq(sessionSeries.facilitatorId, ownerId), inArray(sessionSeries.id, ids)));
  return own.length === new Set(ids).size;
}

/** The facilitator's own series, by name. */
export const ownSeries = (ctx: AppContext, facilitatorId: string) => seriesOfFacilitator(ctx.db, facilitatorId);
