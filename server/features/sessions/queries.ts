import { and, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { nextPage, sortKeyColumn, type SortPart } from '../../platform/keyset';
import type { SessionRow } from './presenter';

const columns = {
  slot: sessions,
  facilitator: { id: users.id, name: users.name, profilePicture: users.profilePicture },
  // the booker by sub-select (drizzle types a left join of an aliased users table as never)
  bookerName: sql<string | null>`(select b.name from ${users} b where b.id = ${sessions.bookedBy})`,
  bookerPicture: sql<string | null>`(select b.profile_picture from ${users} b where b.id = ${sessions.bookedBy})`,
};
type Loaded = { slot: SessionRow['slot']; facilitator: SessionRow['facilitator'] } & {
  bookerName: string | null;
  bookerPicture: string | null;
};
const toRow = ({ slot, facilitator, bookerName, bookerPicture }: Loaded): SessionRow => ({
  slot,
  facilitator,
  booker: slot.bookedBy && bookerName ? { id: slot.bookedBy, name: bookerName, profilePicture: bookerPicture } : null,
});

/** Soonest first; the id breaks ties (the one cursor format, server/platform/keyset.ts). */
const SORT: SortPart[] = [
  { expr: sql`${sessions.startTime}`, type: 'timestamptz' },
  { expr: sql`${sessions.id}`, type: 'uuid' },
];

/** A page of sessions matching `where`, with facilitator and booker in one query, and the next page's cursor. */
export async function sessionsPage(
  db: Executor,
  where: SQL | undefined,
  page: { cursor?: string; limit: number },
): Promise<{ items: SessionRow[]; next: string | null }> {
  const { items, next } = await nextPage(SORT, { ...page, dir: 'asc' }, (keyset, order, limit) =>
    db
      .select({ ...columns, sortKey: sortKeyColumn(SORT) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.facilitatorId))
      .where(and(where, keyset))
      .orderBy(...order)
      .limit(limit),
  );
  return { items: items.map(toRow), next };
}

/** One session with its facilitator and booker. */
export async function findSessionRow(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.facilitatorId))
    .where(eq(sessions.id, id))
    .limit(1);
  return row && toRow(row);
}

export const findSession = async (db: Executor, id: string) =>
  (await db.select().from(sessions).where(eq(sessions.id, id)).limit(1))[0];

/** Whose calendar: the person and whether they are a facilitator, or undefined. */
export const findCalendarOwner = async (db: Executor, id: string) =>
  (
    await db.select({ id: users.id, isFacilitator: users.isFacilitator }).from(users).where(eq(users.id, id)).limit(1)
  )[0];

/** Sessions of a facilitator starting in [from, to). */
export const inWindow = (facilitatorId: string, window: { from: string; to: string }) =>
  and(
    eq(sessions.facilitatorId, facilitatorId),
    gte(sessions.startTime, new Date(window.from)),
    lt(sessions.startTime, new Date(window.to)),
  );

/** A member's upcoming bookings (not yet ended). */
export const upcomingBookingsOf = (memberId: string) =>
  and(eq(sessions.bookedBy, memberId), gt(sessions.endTime, sql`now()`));

/** A person's time zone ('UTC' when unknown). */
export const zoneOf = async (db: Executor, userId: string) =>
  (await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1))[0]?.timeZone ??
  'UTC';
