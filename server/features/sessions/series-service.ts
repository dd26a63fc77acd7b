import { eq } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '../../../common/money';
import { occurrencesOf, patternOf, type SeriesPattern } from '../../../common/sessions/series/expand';
import { ruleOf, rruleText, type SeriesRule } from '../../../common/sessions/series/rule';
import type {
  CreateSeriesRequest,
  DeleteSeriesRequest,
  EditSeriesRequest,
} from '../../../common/sessions/series/schemas';
import { isTimeZone, wallClockOf } from '../../../common/sessions/series/zone-time';
import { addDays } from '../../../common/time';
import { sessionSeries, type Session, type SessionSeries, type User } from '../../db/schema';
import { inTransaction, type CommandContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { zoneOf } from './queries';
import {
  boundedOccurrences,
  cancelledDates,
  continuing,
  differs,
  endingBefore,
  localDateOf,
  nextValues,
  occurrenceDate,
  occurrenceRow,
  sameShape,
  throughDate,
  type OccurrenceValues,
  type SeriesTemplate,
} from './series-plan';
import { insertOccurrences, lockSeries, moveToSeries, occurrenceRows, setOriginalStarts } from './series-queries';
import { sessionsWithBookings } from './queries';
import { deleteSession, updateSession } from './service';
import { bookingSettingsColumns, moveSeriesBookings, seatSeriesBookers } from './series-booking';
import { announce } from './announce';

const minutesBetween = (start: string, end: string) =>
  Math.max(1, Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000));

const templateOf = (input: EditSeriesRequest | CreateSeriesRequest, capacity: number | null): SeriesTemplate => ({
  name: input.name,
  description: input.description,
  priceCents: dollarsToCents(input.price),
  meetingUrl: input.meetingUrl,
  durationMinutes: minutesBetween(input.startTime, input.endTime),
  capacity: input.capacity ?? capacity,
});

/** The series' columns that say how it repeats, from a pattern and its occurrences. */
const patternColumns = (pattern: SeriesPattern, lastDate: string, now: Date) => ({
  rrule: pattern.rrule,
  localStart: pattern.localStart,
  timeZone: pattern.timeZone,
  lastDate,
  materialisedThrough: throughDate(lastDate, pattern.timeZone, now),
});

/**
 * Offers a repeating series (the route has applied canOfferSession): the first session's start is
 * read as a wall clock in the facilitator's time zone, the rule expanded from it there, and its
 * occurrences made as sessions up to the horizon (about six months), in one transaction. More
 * than the cap is refused before anything is written. Answers the series' id.
 */
export async function createSeries(ctx: CommandContext, options: { facilitator: User; input: CreateSeriesRequest }) {
  const { facilitator, input } = options;
  const timeZone = await zoneOf(ctx.db, facilitator.id);
  if (!isTimeZone(timeZone)) throw badRequest('series_bad_time_zone');
  const pattern = patternOf(input.repeat, wallClockOf(new Date(input.startTime), timeZone), timeZone);
  if (!pattern) throw badRequest('series_empty');
  const all = boundedOccurrences(pattern);
  const now = new Date();
  const template = templateOf(input, null);
  return inTransaction(ctx, async (tx) => {
    const [series] = await tx.db
      .insert(sessionSeries)
      .values({
        facilitatorId: facilitator.id,
        ...template,
        ...patternColumns(pattern, all.at(-1)!.date, now),
        ...bookingSettingsColumns(input),
      })
      .returning();
    const through = series!.materialisedThrough;
    await insertOccurrences(
      tx.db,
      all.filter((o) => o.date <= through).map((o) => occurrenceRow(series!, template, o)),
    );
    return series!.id;
  });
}

/** The session form's values of an occurrence, as updateSession takes them. */
const formValues = (values: OccurrenceValues) => ({
  name: values.name,
  description: values.description,
  price: centsToDollars(values.priceCents),
  startTime: values.startTime.toISOString(),
  endTime: values.endTime.toISOString(),
  meetingUrl: values.meetingUrl,
  capacity: values.capacity,
});

/**
 * Changes a series from one of its occurrences (the route has applied canManageSeries).
 * - 'this': the occurrence alone, exactly as the session's own edit (it becomes an exception:
 *   its values differ from the template from then on).
 * - 'following': a new series begins at the occurrence with the new values (and rule, when one
 *   is given); the old one ends the day before.
 * - 'all': every upcoming occurrence, each keeping the values it has of its own; past ones stay.
 *   A new way of repeating splits the series at the first upcoming occurrence instead.
 * Each changed occurrence goes through updateSession, which raises its SEQUENCE when its time
 * moves and tells its booker; occurrences the new rule no longer has go through deleteSession
 * (booker told, refunded). Refusals come before any write. The occurrences are changed before
 * the template, so an edit interrupted half way can be sent again and finishes it.
 */
export async function editSeries(
  ctx: CommandContext,
  options: { series: SessionSeries; session: Session; input: EditSeriesRequest },
) {
  const { series, session, input } = options;
  if (input.scope === 'this') {
    await updateSession(ctx, { session, input });
    const settings = bookingSettingsColumns(input);
    if (Object.keys(settings).length > 0)
      await ctx.db.update(sessionSeries).set(settings).where(eq(sessionSeries.id, series.id));
    return { seriesId: series.id, sessionId: session.id };
  }
  const now = new Date();
  const zone = series.timeZone;
  if (localDateOf(new Date(input.startTime), zone) !== localDateOf(session.startTime, zone))
    throw badRequest('series_date_this_only');
  const rows = await occurrenceRows(ctx.db, series.id);
  const booked = await sessionsWithBookings(
    ctx.db,
    rows.map((r) => r.id),
  );
  if (booked.has(session.id) && dollarsToCents(input.price) !== session.priceCents)
    throw badRequest('booked_price_fixed');

  const dateOf = (row: Session) => occurrenceDate(row, zone);
  const oldRule = ruleOf(series.rrule);
  const oldAll = occurrencesOf(series);
  const firstDate = oldAll[0]?.date ?? series.localStart.slice(0, 10);
  const upcomingDates = rows
    .filter((r) => r.startTime > now)
    .map(dateOf)
    .sort();
  let fromDate: string;
  if (input.scope === 'following') {
    if (session.startTime <= now) throw badRequest('series_session_started');
    fromDate = dateOf(session);
  } else fromDate = upcomingDates[0] ?? addDays(localDateOf(now, zone), 1);

  const time = wallClockOf(new Date(input.startTime), zone).slice(11);
  const splits =
    fromDate > firstDate &&
    (input.scope === 'following' || !sameShape(oldRule, input.repeat ?? oldRule, series.localStart));
  const rule: SeriesRule = input.repeat ?? (splits ? continuing(oldRule, oldAll, fromDate) : oldRule);
  const pattern = patternOf(rule, `${splits ? fromDate : firstDate}T${time}`, zone);
  if (!pattern) throw badRequest('series_empty');
  const all = boundedOccurrences(pattern);
  const byDate = new Map(all.map((o) => [o.date, o]));
  const cancelled = new Set(cancelledDates(series, rows));
  const made = new Set(rows.map(dateOf));
  const previous: SeriesTemplate = series;
  const next = templateOf(input, series.capacity);
  const through = throughDate(all.at(-1)!.date, zone, now);

  // what each upcoming occurrence from `fromDate` becomes: changed, removed, or made anew
  const affected = rows.filter((r) => dateOf(r) >= fromDate && r.startTime > now);
  const removed = affected.filter((r) => !byDate.has(dateOf(r)));
  const changes = affected.flatMap((row) => {
    const occurrence = byDate.get(dateOf(row));
    if (!occurrence) return [];
    // the occurrence the form was on takes the form's values as they are
    const values =
      row.id === session.id
        ? submittedValues(input, row)
        : nextValues(row, previous, next, occurrence, booked.has(row.id));
    return [{ row, occurrence, values }];
  });
  const added = all.filter(
    (o) => o.date >= fromDate && o.date <= through && o.start > now && !made.has(o.date) && !cancelled.has(o.date),
  );

  const settled = await inTransaction(ctx, async (tx) => {
    const current = (await lockSeries(tx.db, series.id))!;
    let target = current;
    if (splits) {
      const [created] = await tx.db
        .insert(sessionSeries)
        .values({
          facilitatorId: current.facilitatorId,
          ...templateColumns(current),
          ...patternColumns(pattern, all.at(-1)!.date, now),
          wholeSeriesBooking: current.wholeSeriesBooking,
          seriesPayment: current.seriesPayment,
          seriesPriceCents: current.seriesPriceCents,
        })
        .returning();
      target = created!;
      // the members who booked the whole series keep it: their booking follows the series that continues it
      await moveSeriesBookings(tx.db, current.id, target.id);
      await endSeries(tx, current, oldRule, fromDate, now);
      await moveToSeries(
        tx.db,
        rows.filter((r) => dateOf(r) >= fromDate).map((r) => r.id),
        target.id,
      );
    }
    const made = await insertOccurrences(
      tx.db,
      added.map((o) => occurrenceRow(target, next, o)),
    );
    // the members who booked the whole series get a place in the sessions it gains
    const seated = await seatSeriesBookers(tx.db, target.id, made);
    return { target, seated };
  });
  const { target, seated } = settled;
  for (const place of seated) await announce(ctx, { what: 'booking', ...place });

  for (const row of removed) await deleteSession(ctx, { session: row });
  for (const { row, values } of changes)
    if (differs(row, values)) await updateSession(ctx, { session: row, input: formValues(values) });

  await inTransaction(ctx, async (tx) => {
    await tx.db
      .update(sessionSeries)
      .set({
        ...templateColumns(next),
        ...patternColumns(pattern, all.at(-1)!.date, now),
        ...bookingSettingsColumns(input),
        updatedAt: now,
      })
      .where(eq(sessionSeries.id, target.id));
    await setOriginalStarts(
      tx.db,
      changes.map(({ row, occurrence }) => ({ id: row.id, originalStart: occurrence.start })),
    );
  });
  const kept = byDate.has(dateOf(session)) || session.startTime <= now;
  return { seriesId: target.id, sessionId: kept ? session.id : null };
}

const submittedValues = (input: EditSeriesRequest, row: Session): OccurrenceValues => ({
  name: input.name,
  description: input.description,
  meetingUrl: input.meetingUrl,
  priceCents: dollarsToCents(input.price),
  capacity: input.capacity ?? row.capacity,
  startTime: new Date(input.startTime),
  endTime: new Date(input.endTime),
});

const templateColumns = (t: SeriesTemplate) => ({
  name: t.name,
  description: t.description,
  priceCents: t.priceCents,
  meetingUrl: t.meetingUrl,
  durationMinutes: t.durationMinutes,
  capacity: t.capacity,
});

/**
 * Ends a series the day before `date` (its rule gets an UNTIL); a series left with no occurrence
 * at all is removed (its started occurrences, if any, stay as single sessions).
 */
async function endSeries(ctx: CommandContext, series: SessionSeries, rule: SeriesRule, date: string, now: Date) {
  const pattern = patternOf(endingBefore(rule, date), series.localStart, series.timeZone);
  const last = pattern && occurrencesOf(pattern).at(-1);
  if (!pattern || !last) {
    await ctx.db.delete(sessionSeries).where(eq(sessionSeries.id, series.id));
    return;
  }
  // ISO dates compare as text: the earlier of the two
  const through = [series.materialisedThrough, last.date].sort()[0]!;
  await ctx.db
    .update(sessionSeries)
    .set({
      rrule: rruleText(endingBefore(rule, date), series.localStart),
      lastDate: last.date,
      materialisedThrough: through,
      updatedAt: now,
    })
    .where(eq(sessionSeries.id, series.id));
}

/**
 * Cancels occurrences of a series (the route has applied canManageSeries): the one ('this', the
 * session's own delete), it and the later ones ('following': the series ends the day before), or
 * every upcoming one ('all'; past ones stay). Each goes through deleteSession, so its booker is
 * told and a paid booking refunded; a cancelled date is never made again (series-plan.ts
 * cancelledDates). Answers how many were cancelled.
 */
export async function deleteFromSeries(
  ctx: CommandContext,
  options: { series: SessionSeries; session: Session; scope: DeleteSeriesRequest['scope'] },
) {
  const { series, session, scope } = options;
  if (scope === 'this') {
    await deleteSession(ctx, { session });
    return 1;
  }
  const now = new Date();
  if (scope === 'following' && session.startTime <= now) throw badRequest('series_session_started');
  const rows = await occurrenceRows(ctx.db, series.id);
  const dateOf = (row: Session) => occurrenceDate(row, series.timeZone);
  const upcoming = rows.filter((r) => r.startTime > now);
  const fromDate = scope === 'following' ? dateOf(session) : upcoming.map(dateOf).sort()[0];
  if (!fromDate) return 0;
  const doomed = upcoming.filter((r) => dateOf(r) >= fromDate);
  await inTransaction(ctx, async (tx) => {
    const current = (await lockSeries(tx.db, series.id))!;
    await endSeries(tx, current, ruleOf(current.rrule), fromDate, now);
  });
  for (const row of doomed) await deleteSession(ctx, { session: row });
  return doomed.length;
}

/**
 * Makes a series' occurrences up to the horizon (the daily job): the dates after the day it was
 * made through, under a lock on the series, so a concurrent change or a second instance's job
 * does not make one twice (and the unique series-and-start index would refuse it). Answers how
 * many were made.
 */
export async function extendSeries(ctx: CommandContext, seriesId: string, now: Date) {
  const { count, seated } = await inTransaction(ctx, async (tx) => {
    const series = await lockSeries(tx.db, seriesId);
    if (!series) return { count: 0, seated: [] };
    const through = throughDate(series.lastDate, series.timeZone, now);
    if (through <= series.materialisedThrough) return { count: 0, seated: [] };
    const fresh = occurrencesOf(series).filter((o) => o.date > series.materialisedThrough && o.date <= through);
    const made = await insertOccurrences(
      tx.db,
      fresh.map((o) => occurrenceRow(series, series, o)),
    );
    await tx.db.update(sessionSeries).set({ materialisedThrough: through }).where(eq(sessionSeries.id, series.id));
    // the members who booked the whole series get a place in each session made for it
    return { count: fresh.length, seated: await seatSeriesBookers(tx.db, series.id, made) };
  });
  for (const place of seated) await announce(ctx, { what: 'booking', ...place });
  return count;
}
