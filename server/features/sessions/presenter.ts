import { centsToDollars } from '../../../common/money';
import type { SessionAnswer } from '../../../common/sessions/schemas';
import type { Session, User } from '../../db/schema';
import type { SessionCredits } from './credits';
import { canSeeBooker, canSeeMeetingLink, canSeeWaitlist } from './policy';

type Person = Pick<User, 'id' | 'name' | 'profilePicture'>;
/** A session row with its facilitator and what the viewer may know of its bookings, as queries.ts loads it. */
export type SessionRow = {
  slot: Session;
  facilitator: Person;
  /** places booked */
  bookedSeats: number;
  /** places held by open checkouts that have not expired */
  heldSeats: number;
  /** the viewer's own live booking */
  myBooking: 'held' | 'booked' | null;
  /** the booked members, loaded for the facilitator only */
  bookers: Person[] | null;
  /** the viewer's place on the waitlist (0 while a place is offered to them) */
  myWaitlist?: { position: number; offeredUntil: Date | null } | null;
  /** the waiting members in line order, loaded for the facilitator only */
  waiting?: (Person & { offerUntil: Date | null })[] | null;
  /** how its series repeats (series-queries.ts recurrenceOf, one query per page) */
  recurrence?: string;
  /** the session's recording, loaded for the owner and its booked members only */
  recording?: { contentId: string; title: string } | null;
};

const person = (p: Person) => ({ _id: p.id, name: p.name, profilePicture: p.profilePicture });

/**
 * A session as `viewer` may see it: the meeting link for the owner and its booked members, the
 * booked members for the owner only. `bookedBy` is the booker of a one-place session (null for a
 * group session, whose members are in `bookers`); `isBooked` says no place is left to book.
 */
export function presentSession(row: SessionRow, viewerId: string, credits?: SessionCredits): SessionAnswer {
  const { slot: s, facilitator } = row;
  const viewer = { id: viewerId };
  const facts = { facilitatorId: s.facilitatorId, myBooking: row.myBooking };
  const bookers = canSeeBooker(viewer, facts) ? (row.bookers ?? []) : null;
  return {
    _id: s.id,
    name: s.name,
    description: s.description,
    price: centsToDollars(s.priceCents),
    startTime: s.startTime.toISOString(),
    endTime: s.endTime.toISOString(),
    meetingUrl: canSeeMeetingLink(viewer, facts) ? s.meetingUrl : null,
    isBooked: row.bookedSeats >= s.capacity,
    bookedByMe: row.myBooking === 'booked',
    isOwner: s.facilitatorId === viewerId,
    facilitator: person(facilitator),
    bookedBy: s.capacity === 1 && bookers?.[0] ? person(bookers[0]) : null,
    capacity: s.capacity,
    placesLeft: Math.max(0, s.capacity - row.bookedSeats - row.heldSeats),
    myBooking: row.myBooking,
    cancellationHours: s.cancellationHours,
    ...(bookers ? { bookers: bookers.map(person) } : {}),
    ...(s.seriesId && { seriesId: s.seriesId }),
    ...(s.seriesId && row.recurrence && { recurrence: row.recurrence }),
    waitlist:
      row.myWaitlist && row.myBooking !== 'booked'
        ? { position: row.myWaitlist.position, offeredUntil: row.myWaitlist.offeredUntil?.toISOString() ?? null }
        : null,
    ...(canSeeWaitlist(viewer, facts) && {
      waitlistLength: row.waiting?.length ?? 0,
      waiting: (row.waiting ?? []).map((w) => ({ ...person(w), offeredUntil: w.offerUntil?.toISOString() ?? null })),
    }),
    ...(row.recording && { recording: row.recording }),
    ...credits,
  };
}
