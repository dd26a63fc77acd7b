import { and, eq, inArray } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import type { SeriesBookingAnswer } from '../../../common/sessions/series/schemas';
import { sessionSeries, sessions, type SessionSeries } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { findSession, sessionsPage } from './queries';
import { cancelledDates } from './series-plan';
import { findSeries, seriesOfFacilitator } from './series-queries';
import { liveSeriesBookingOf, placesOf, remainingOccurrences, seriesPriceOf } from './series-booking';
import { seriesBookingIcs } from './series-booking-ics';

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
/**
 * What booking the whole series means for the viewer: the remaining occurrences, the price of one
 * series booking now, and their own live series booking with its places.
 */
export async function seriesBookingOffer(
  ctx: AppContext,
  series: SessionSeries,
  viewerId: string,
  now = new Date(),
): Promise<SeriesBookingAnswer> {
  const remaining = await remainingOccurrences(ctx.db, series.id, now);
  const price = seriesPriceOf(series, remaining);
  const mine = await liveSeriesBookingOf(ctx.db, series.id, viewerId);
  const places = mine ? (await placesOf(ctx.db, mine.id)).length : 0;
  return {
    seriesId: series.id,
    wholeSeriesBooking: series.wholeSeriesBooking,
    seriesPayment: series.seriesPayment,
    remaining: remaining.length,
    price: centsToDollars(mine?.status === 'booked' ? mine.amountCents : price.cents),
    paid: price.cents > 0,
    myBooking: mine ? { _id: mine.id, status: mine.status as 'held' | 'booked', places } : null,
  };
}

/** The series invitation for a member holding a booked series booking (or its facilitator); undefined for anyone else. */
export async function seriesIcsFor(ctx: AppContext, series: SessionSeries, viewerId: string, now = new Date()) {
  const mine = await liveSeriesBookingOf(ctx.db, series.id, viewerId);
  if (mine?.status !== 'booked' && series.facilitatorId !== viewerId) return undefined;
  return seriesBookingIcs(ctx.db, series, ctx.config.publicUrl, now);
}
