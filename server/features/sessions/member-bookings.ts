import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessionBookings, sessions, users } from '../../db/schema';

/**
 * The sessions a member holds a booked place in, starting in [from, to), soonest first, with
 * their facilitator: one query on session_bookings_member_idx. What a member's calendar feed
 * lists; a cancelled place, a held one still being paid for and a deleted session are not in it.
 */
export async function listBookedSessionsOf(db: Executor, memberId: string, window: { from: Date; to?: Date }) {
  return db
    .select({
      session: sessions,
      facilitator: { id: users.id, name: users.name, email: users.email },
      booking: { id: sessionBookings.id, bookedAt: sessionBookings.bookedAt },
    })
    .from(sessionBookings)
    .innerJoin(sessions, eq(sessions.id, sessionBookings.sessionId))
    .innerJoin(users, eq(users.id, sessions.facilitatorId))
    .where(
      and(
        eq(sessionBookings.memberId, memberId),
        eq(sessionBookings.status, 'booked'),
        gte(sessions.endTime, window.from),
        window.to ? lt(sessions.startTime, window.to) : undefined,
      ),
    )
    .orderBy(asc(sessions.startTime), asc(sessions.id));
}
