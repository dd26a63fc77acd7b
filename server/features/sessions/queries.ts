import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SessionAnswer } from '../../../common/sessions/schemas';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';

const person = (p: { id: string; name: string; profilePicture: string | null }) => ({
  _id: p.id,
  name: p.name,
  profilePicture: p.profilePicture,
});

/**
 * Sessions as `viewerId` may see them, with facilitator and booker in one query. The meeting
 * link and the booker are shown to the owner and the booker only (spec 02 §2).
 */
export async function selectSessions(db: Database, viewerId: string, where: SQL | undefined): Promise<SessionAnswer[]> {
  const rows = await db
    .select({
      slot: sessions,
      facilitator: { id: users.id, name: users.name, profilePicture: users.profilePicture },
      // the booker by sub-select (drizzle types a left join of an aliased users table as never)
      bookerName: sql<string | null>`(select b.name from ${users} b where b.id = ${sessions.bookedBy})`,
      bookerPicture: sql<string | null>`(select b.profile_picture from ${users} b where b.id = ${sessions.bookedBy})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.facilitatorId))
    .where(where)
    .orderBy(asc(sessions.startTime), asc(sessions.id))
    .limit(500);
  return rows.map(({ slot: s, facilitator, bookerName, bookerPicture }) => {
    const isOwner = s.facilitatorId === viewerId;
    const bookedByMe = s.bookedBy === viewerId;
    return {
      _id: s.id,
      name: s.name,
      description: s.description,
      price: centsToDollars(s.priceCents),
      startTime: s.startTime.toISOString(),
      endTime: s.endTime.toISOString(),
      meetingUrl: isOwner || bookedByMe ? s.meetingUrl : null,
      isBooked: s.bookedBy !== null,
      bookedByMe,
      isOwner,
      facilitator: person(facilitator),
      bookedBy:
        isOwner && s.bookedBy && bookerName
          ? { _id: s.bookedBy, name: bookerName, profilePicture: bookerPicture }
          : null,
    };
  });
}
