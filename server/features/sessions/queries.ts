import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { content, sessionBookings, sessionRecordings, sessions, sessionWaitlist, users } from '../../db/schema';
import { nextPage, sortKeyColumn, type SortPart } from '../../platform/keyset';
import type { SessionRow } from './presenter';

/** A booked member as the facilitator's list shows them. */
type Booker = { id: string; name: string; profilePicture: string | null };

/**
 * A session with what the viewer may be shown of its bookings, in one statement: the places
 * booked and held (holds count until they expire), the viewer's own live booking, and the
 * booked members only when the viewer offers the session (canSeeBookers mirrors this).
 */
const columnsFor = (viewerId: string) => ({
  slot: sessions,
  facilitator: { id: users.id, name: users.name, profilePicture: users.profilePicture },
  bookedSeats: sql<number>`(select coalesce(sum(b.seats), 0)::int from ${sessionBookings} b
    where b.session_id = ${sessions.id} and b.status = 'booked')`,
  heldSeats: sql<number>`(select coalesce(sum(b.seats), 0)::int from ${sessionBookings} b
    where b.session_id = ${sessions.id} and b.status = 'held' and b.held_until > now())`,
  myBooking: sql<'held' | 'booked' | null>`(select b.status from ${sessionBookings} b
    where b.session_id = ${sessions.id} and b.member_id = ${viewerId}
      and (b.status = 'booked' or (b.status = 'held' and b.held_until > now())) limit 1)`,
  bookers: sql<Booker[] | null>`case when ${sessions.facilitatorId} = ${viewerId} then (
    select json_agg(json_build_object('id', u.id, 'name', u.name, 'profilePicture', u.profile_picture)
      order by b.booked_at, b.id)
    from ${sessionBookings} b join ${users} u on u.id = b.member_id
    where b.session_id = ${sessions.id} and b.status = 'booked') end`,
  myWaitlist: sql<WaitlistRow | null>`(select json_build_object('status', w.status, 'offerUntil', w.offer_until,
      'ahead', (select count(*) from ${sessionWaitlist} o where o.session_id = w.session_id and o.status = 'waiting'
        and (o.joined_at, o.id) < (w.joined_at, w.id)))
    from ${sessionWaitlist} w
    where w.session_id = ${sessions.id} and w.member_id = ${viewerId} and w.status in ('waiting', 'offered') limit 1)`,
  waiting: sql<Waiter[] | null>`case when ${sessions.facilitatorId} = ${viewerId} then (
    select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'profilePicture', u.profile_picture,
      'offerUntil', w.offer_until) order by w.joined_at, w.id), '[]'::json)
    from ${sessionWaitlist} w join ${users} u on u.id = w.member_id
    where w.session_id = ${sessions.id} and w.status in ('waiting', 'offered')) end`,
  // the recording, for the owner and the members holding a booked place (the ones it is granted to)
  recording: sql<RecordingLink | string | null>`(select json_build_object('contentId', c.id, 'title', c.title)
    from ${sessionRecordings} r join ${content} c on c.id = r.content_id
    where r.session_id = ${sessions.id} and (${sessions.facilitatorId} = ${viewerId} or exists (
      select 1 from ${sessionBookings} b where b.session_id = ${sessions.id} and b.member_id = ${viewerId}
        and b.status = 'booked')))`,
});
type RecordingLink = { contentId: string; title: string };
/** The viewer's own entry in the session's line, and how many wait ahead of them. */
type WaitlistRow = { status: 'waiting' | 'offered'; offerUntil: string | null; ahead: number };
/** A member in the line, as the facilitator's list shows them. */
type Waiter = Booker & { offerUntil: string | null };
const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
type Loaded = {
  slot: SessionRow['slot'];
  facilitator: SessionRow['facilitator'];
  bookedSeats: number;
  heldSeats: number;
  myBooking: 'held' | 'booked' | null;
  bookers: Booker[] | null;
  myWaitlist: WaitlistRow | string | null;
  waiting: Waiter[] | string | null;
  recording: RecordingLink | string | null;
};
const toRow = (row: Loaded): SessionRow => ({
  slot: row.slot,
  facilitator: row.facilitator,
  bookedSeats: Number(row.bookedSeats),
  heldSeats: Number(row.heldSeats),
  myBooking: row.myBooking,
  // json_agg answers the rows as JSON: parsed by pg, a string on some drivers
  bookers: typeof row.bookers === 'string' ? (JSON.parse(row.bookers) as Booker[]) : row.bookers,
  myWaitlist: toPlace(parsed(row.myWaitlist)),
  waiting:
    parsed(row.waiting)?.map((w) => ({ ...w, offerUntil: w.offerUntil ? new Date(w.offerUntil) : null })) ?? null,
  recording: parsed(row.recording),
});
const toPlace = (w: WaitlistRow | null) =>
  w && {
    position: w.status === 'offered' ? 0 : Number(w.ahead) + 1,
    offeredUntil: w.status === 'offered' && w.offerUntil ? new Date(w.offerUntil) : null,
  };

/** Soonest first; the id breaks ties (the one cursor format, server/platform/keyset.ts). */
const SORT: SortPart[] = [
  { expr: sql`${sessions.startTime}`, type: 'timestamptz' },
  { expr: sql`${sessions.id}`, type: 'uuid' },
];

/** A page of sessions matching `where` as `viewerId` sees them, in one query, and the next page's cursor. */
export async function sessionsPage(
  db: Executor,
  viewerId: string,
  where: SQL | undefined,
  page: { cursor?: string; limit: number },
): Promise<{ items: SessionRow[]; next: string | null }> {
  const { items, next } = await nextPage(SORT, { ...page, dir: 'asc' }, (keyset, order, limit) =>
    db
      .select({ ...columnsFor(viewerId), sortKey: sortKeyColumn(SORT) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.facilitatorId))
      .where(and(where, keyset))
      .orderBy(...order)
      .limit(limit),
  );
  return { items: items.map(toRow), next };
}

/** One session as `viewerId` sees it, with its facilitator and bookings. */
export async function findSessionRow(db: Executor, id: string, viewerId: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select(columnsFor(viewerId))
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

/** The sessions a member holds a booked place in (session_bookings_member_idx). */
export const bookedBy = (memberId: string) =>
  sql`exists (select 1 from ${sessionBookings} b
    where b.session_id = ${sessions.id} and b.member_id = ${memberId} and b.status = 'booked')`;

/** A member's upcoming bookings (not yet ended). */
export const upcomingBookingsOf = (memberId: string) => and(bookedBy(memberId), sql`${sessions.endTime} > now()`);

/** Whether the member holds a booked place in the session (the checkout result page's 'owned'). */
export async function isBookedBy(db: Executor, sessionId: string, memberId: string) {
  const [row] = await db
    .select({ id: sessionBookings.id })
    .from(sessionBookings)
    .where(
      and(
        eq(sessionBookings.sessionId, sessionId),
        eq(sessionBookings.memberId, memberId),
        eq(sessionBookings.status, 'booked'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A member's live booking of a session (held or booked), if any. */
export async function liveBookingOf(db: Executor, sessionId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(sessionBookings)
    .where(
      and(
        eq(sessionBookings.sessionId, sessionId),
        eq(sessionBookings.memberId, memberId),
        sql`${sessionBookings.status} in ('held', 'booked')`,
      ),
    )
    .limit(1);
  return row;
}

/** A person's time zone ('UTC' when unknown). */
export const zoneOf = async (db: Executor, userId: string) =>
  (await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).limit(1))[0]?.timeZone ??
  'UTC';

/** Which of the sessions have at least one booked place: one query, whatever their number. */
export async function sessionsWithBookings(db: Executor, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: sessionBookings.sessionId })
    .from(sessionBookings)
    .where(and(inArray(sessionBookings.sessionId, sessionIds), eq(sessionBookings.status, 'booked')));
  return new Set(rows.map((r) => r.id));
}
