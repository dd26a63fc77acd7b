import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recurrenceText } from '../../../common/sessions/series/summary';
import { sessionSeries, sessions, type Session, type SessionSeries } from '../../db/schema';

/** One series, if it exists. */
export const findSeries = async (db: Executor, id: string): Promise<SessionSeries | undefined> =>
  (await db.select().from(sessionSeries).where(eq(sessionSeries.id, id)).limit(1))[0];

/** One series, locked until the transaction ends, so two changes (or a change and the horizon job) take turns. */
export const lockSeries = async (db: Executor, id: string): Promise<SessionSeries | undefined> =>
  (await db.select().from(sessionSeries).where(eq(sessionSeries.id, id)).for('update').limit(1))[0];

/** Every occurrence of a series that exists (a series has at most a few hundred), in order. */
export const occurrenceRows = (db: Executor, seriesId: string): Promise<Session[]> =>
  db.select().from(sessions).where(eq(sessions.seriesId, seriesId)).orderBy(asc(sessions.originalStart));

/**
 * The ids of the series with occurrences still to make before `through` (the horizon job's work):
 * made through a day before both `through` and their last date.
 */
export const seriesBehind = async (db: Executor, through: string) =>
  (
    await db
      .select({ id: sessionSeries.id })
      .from(sessionSeries)
      .where(
        and(
          lt(sessionSeries.materialisedThrough, through),
          lt(sessionSeries.materialisedThrough, sessionSeries.lastDate),
        ),
      )
  ).map((row) => row.id);

/** Occurrence rows to make; one made already (the same series and original start) is left as it is. Answers the ids made. */
export async function insertOccurrences(db: Executor, rows: (typeof sessions.$inferInsert)[]) {
  if (rows.length === 0) return [];
  const made = await db
    .insert(sessions)
    .values(rows)
    .onConflictDoNothing({ target: [sessions.seriesId, sessions.originalStart] })
    .returning({ id: sessions.id });
  return made.map((row) => row.id);
}

/** Moves occurrences to another series (a split) in one statement. */
export async function moveToSeries(db: Executor, ids: string[], seriesId: string) {
  if (ids.length === 0) return;
  await db.update(sessions).set({ seriesId }).where(inArray(sessions.id, ids));
}

/** Each occurrence's start in its series' rule, in one statement (after the rule's time changed). */
export async function setOriginalStarts(db: Executor, starts: { id: string; originalStart: Date }[]) {
  if (starts.length === 0) return;
  const values = sql.join(
    starts.map((s) => sql`(${s.id}::uuid, ${s.originalStart.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${sessions} set original_start = v.original_start from (values ${values}) as v(id, original_start) where ${sessions.id} = v.id`,
  );
}

/** How each of these series repeats (summary.ts recurrenceText), in one query whatever their number. */
export async function recurrenceOf(db: Executor, seriesIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(seriesIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: sessionSeries.id,
      rrule: sessionSeries.rrule,
      localStart: sessionSeries.localStart,
      lastDate: sessionSeries.lastDate,
    })
    .from(sessionSeries)
    .where(inArray(sessionSeries.id, ids));
  return new Map(rows.map((r) => [r.id, recurrenceText(r)]));
}

/** The series a list shows at most (a facilitator has a handful; the tier form's picker reads them). */
export const OWN_SERIES_MAX = 200;

/** A facilitator's series, by name (then first start), at most OWN_SERIES_MAX. */
export const seriesOfFacilitator = (db: Executor, facilitatorId: string): Promise<SessionSeries[]> =>
  db
    .select()
    .from(sessionSeries)
    .where(eq(sessionSeries.facilitatorId, facilitatorId))
    .orderBy(asc(sessionSeries.name), asc(sessionSeries.localStart), asc(sessionSeries.id))
    .limit(OWN_SERIES_MAX);
