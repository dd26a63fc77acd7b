import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';

/**
 * The sessions a calendar feed lists, and the record a deleted session leaves for it. Who booked
 * a session (its `session_bookings` rows in status 'booked') is read here and nowhere else in
 * the feature, so a change to how bookings are stored changes this file only.
 */

/** One event of a feed, as read: a live session or a cancelled one's record. */
export type FeedSessionRow = {
  id: string;
  facilitatorId: string;
  facilitatorName: string;
  name: string;
  description: string;
  startTime: Date;
  endTime: Date;
  /** null for a cancelled session */
  meetingUrl: string | null;
  sequence: number;
  /** the last change the feed knows of: offered, booked or cancelled */
  modifiedAt: Date;
  cancelled: boolean;
  /** the feed's owner booked it (else they offer it) */
  bookedByOwner: boolean;
  /** the members booked on it, by name (for the facilitator's feed) */
  bookerNames: string[];
};

type Raw = Omit<FeedSessionRow, 'startTime' | 'endTime' | 'modifiedAt' | 'sequence' | 'bookerNames'> & {
  startTime: string | Date;
  endTime: string | Date;
  modifiedAt: string | Date;
  sequence: number | string;
  bookerNames: string[] | null;
};

/**
 * Everything a person's feed lists starting in [from, to): the sessions they offer and the
 * sessions they booked, then the cancelled ones either way, nearest first, at most `limit`: one
 * statement, whatever the number of sessions.
 */
export async function feedSessionsOf(
  db: Executor,
  userId: string,
  window: { from: Date; to: Date; limit: number },
): Promise<FeedSessionRow[]> {
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const rows = await selectRows<Raw>(
    db,
    sql`
      select s.id, s.facilitator_id as "facilitatorId", f.name as "facilitatorName", s.name, s.description,
        s.start_time as "startTime", s.end_time as "endTime", s.meeting_url as "meetingUrl",
        s.ics_sequence as "sequence", greatest(s.created_at, b.changed_at) as "modifiedAt", false as "cancelled",
        coalesce(${userId}::uuid = any(b.member_ids), false) as "bookedByOwner",
        coalesce(b.names, '{}'::text[]) as "bookerNames"
      from sessions s join users f on f.id = s.facilitator_id
      left join lateral (
        select array_agg(sb.member_id order by sb.booked_at, sb.id) filter (where sb.status = 'booked') as member_ids,
          array_agg(u.name order by sb.booked_at, sb.id) filter (where sb.status = 'booked') as names,
          max(greatest(sb.booked_at, sb.cancelled_at)) as changed_at
        from session_bookings sb join users u on u.id = sb.member_id
        where sb.session_id = s.id and sb.status <> 'held'
      ) b on true
      where (s.facilitator_id = ${userId}::uuid or s.id in (
          select mine.session_id from session_bookings mine
          where mine.member_id = ${userId}::uuid and mine.status = 'booked'))
        and s.start_time >= ${from}::timestamptz and s.start_time < ${to}::timestamptz
      union all
      select t.session_id, t.facilitator_id, f.name, t.name, '', t.start_time, t.end_time, null,
        t.sequence, t.cancelled_at, true,
        t.member_ids @> array[${userId}::uuid], '{}'::text[]
      from session_tombstones t join users f on f.id = t.facilitator_id
      where (t.facilitator_id = ${userId}::uuid or t.member_ids @> array[${userId}::uuid])
        and t.start_time >= ${from}::timestamptz and t.start_time < ${to}::timestamptz
        -- a record whose delete did not go through names a session still listed above
        and not exists (select 1 from sessions s where s.id = t.session_id)
      order by "startTime", id
      limit ${window.limit}`,
  );
  return rows.map((row) => ({
    ...row,
    startTime: new Date(row.startTime),
    endTime: new Date(row.endTime),
    modifiedAt: new Date(row.modifiedAt),
    sequence: Number(row.sequence),
    bookerNames: row.bookerNames ?? [],
  }));
}

/**
 * Keeps what the feeds need of a session about to be deleted: who offered it, who had booked it,
 * when it was, and the SEQUENCE of its cancellation (one more than its invitations', as the mailed
 * cancellation carries). Call it before the delete; a session already recorded keeps its record.
 */
export async function recordCancelledSession(db: Executor, sessionId: string) {
  await db.execute(sql`
    insert into session_tombstones (session_id, facilitator_id, member_ids, name, start_time, end_time, sequence)
    select s.id, s.facilitator_id,
      array(select b.member_id from session_bookings b where b.session_id = s.id and b.status = 'booked'),
      s.name, s.start_time, s.end_time, s.ics_sequence + 1
    from sessions s where s.id = ${sessionId}::uuid
    on conflict (session_id) do nothing`);
}
