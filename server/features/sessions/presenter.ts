import { centsToDollars } from '../../../common/money';
import type { SessionAnswer } from '../../../common/sessions/schemas';
import type { Session, User } from '../../db/schema';
import { canSeeBooker, canSeeMeetingLink } from './policy';

type Person = Pick<User, 'id' | 'name' | 'profilePicture'>;
/** A session row with its facilitator and booker, as queries.ts loads it. */
export type SessionRow = { slot: Session; facilitator: Person; booker: Person | null };

const person = (p: Person) => ({ _id: p.id, name: p.name, profilePicture: p.profilePicture });

/**
 * A session as `viewer` may see it: the meeting link for the owner and the booker, the booker for
 * the owner only.
 */
export function presentSession({ slot: s, facilitator, booker }: SessionRow, viewerId: string): SessionAnswer {
  const viewer = { id: viewerId };
  return {
    _id: s.id,
    name: s.name,
    description: s.description,
    price: centsToDollars(s.priceCents),
    startTime: s.startTime.toISOString(),
    endTime: s.endTime.toISOString(),
    meetingUrl: canSeeMeetingLink(viewer, s) ? s.meetingUrl : null,
    isBooked: s.bookedBy !== null,
    bookedByMe: s.bookedBy === viewerId,
    isOwner: s.facilitatorId === viewerId,
    facilitator: person(facilitator),
    bookedBy: canSeeBooker(viewer, s) && booker ? person(booker) : null,
    ...(s.seriesId && { seriesId: s.seriesId }),
  };
}
