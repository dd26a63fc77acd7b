import { centsToDollars } from '../../../common/money';
import { ruleOf } from '../../../common/sessions/series/rule';
import type { OwnSeriesItem, SeriesAnswer } from '../../../common/sessions/series/schemas';
import { seriesSummary } from '../../../common/sessions/series/summary';
import type { SessionSeries } from '../../db/schema';
import { presentSession, type SessionRow } from './presenter';

/** A series as its facilitator sees it: rule, template, cancelled dates and its occurrences. */
export function presentSeries(
  series: SessionSeries,
  occurrences: SessionRow[],
  cancelledDates: string[],
  viewerId: string,
): SeriesAnswer {
  return {
    _id: series.id,
    summary: seriesSummary(series),
    rule: ruleOf(series.rrule),
    rrule: series.rrule,
    timeZone: series.timeZone,
    localStart: series.localStart,
    durationMinutes: series.durationMinutes,
    name: series.name,
    description: series.description,
    price: centsToDollars(series.priceCents),
    meetingUrl: series.meetingUrl,
    cancelledDates,
    occurrences: occurrences.map((row) => presentSession(row, viewerId)),
    wholeSeriesBooking: series.wholeSeriesBooking,
    seriesPayment: series.seriesPayment,
    seriesPrice: series.seriesPriceCents === null ? null : centsToDollars(series.seriesPriceCents),
  };
}

/** A series in its facilitator's list: name, how it repeats and until when. */
export const presentOwnSeries = (series: SessionSeries): OwnSeriesItem => ({
  _id: series.id,
  name: series.name,
  summary: seriesSummary(series),
  lastDate: series.lastDate,
});
