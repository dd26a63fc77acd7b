import { eq } from 'drizzle-orm';
import { seriesToIcs } from '../../../common/sessions/series/series-ics';
import type { Executor } from '../../db/client';
import { type SessionSeries, users } from '../../db/schema';
import { cancelledDates, occurrenceDate } from './series-plan';
import { occurrenceRows } from './series-queries';

/**
 * A booked series as one iCalendar event (common/sessions/series/series-ics.ts): the RRULE, an
 * EXDATE per cancelled date, and an overriding VEVENT per occurrence that moved or was renamed
 * on its own. The confirmation mail attaches it and the member's Add to calendar downloads it.
 */
export async function seriesBookingIcs(db: Executor, series: SessionSeries, origin: string, now: Date) {
  const rows = await occurrenceRows(db, series.id);
  const [facilitator] = await db.select({ name: users.name }).from(users).where(eq(users.id, series.facilitatorId));
  const durationMs = series.durationMinutes * 60_000;
  const overrides = rows
    .filter(
      (row) =>
        row.originalStart !== null &&
        (row.startTime.getTime() !== row.originalStart.getTime() ||
          row.endTime.getTime() - row.startTime.getTime() !== durationMs ||
          row.name !== series.name ||
          row.description !== series.description ||
          row.meetingUrl !== series.meetingUrl),
    )
    .map((row) => ({
      date: occurrenceDate(row, series.timeZone),
      name: row.name,
      description: row.description,
      meetingUrl: row.meetingUrl,
      startTime: row.startTime,
      endTime: row.endTime,
      sequence: row.icsSequence,
    }));
  return seriesToIcs(
    {
      id: series.id,
      name: series.name,
      description: series.description,
      meetingUrl: series.meetingUrl,
      facilitatorName: facilitator?.name ?? 'your facilitator',
      rrule: series.rrule,
      timeZone: series.timeZone,
      localStart: series.localStart,
      durationMinutes: series.durationMinutes,
      cancelledDates: cancelledDates(series, rows),
      overrides,
    },
    { now, origin },
  );
}
