import type { Session, SessionSeries, User } from '../../db/schema';
import type { Actor } from '../auth/policy';

type Person = (NonNullable<Actor> & Partial<Pick<User, 'isFacilitator'>>) | null;
/** Who is looking: their id is all the visibility rules need. */
type Viewer = { id: string } | null;
type Slot = Pick<Session, 'facilitatorId' | 'bookedBy'>;

/**
 * Who may do what with sessions, each rule once. Deny by default.
 */
/** Only facilitators offer sessions. */
export const canOfferSession = (actor: Person): boolean => actor?.isFacilitator === true;

/** Only the facilitator who offers a session (or an admin) changes or deletes it. */
export const canManageSession = (actor: Person, session: Pick<Session, 'facilitatorId'>): boolean =>
  actor !== null && (session.facilitatorId === actor.id || actor.isAdmin === true);

/** A signed-in member books someone else's session (whether it is still free is the booking's own check). */
export const canBookSession = (actor: Person, session: Pick<Session, 'facilitatorId'>): boolean =>
  actor !== null && session.facilitatorId !== actor.id;

/** The meeting link: the owner and the booker only. */
export const canSeeMeetingLink = (actor: Viewer, session: Slot): boolean =>
  actor !== null && (session.facilitatorId === actor.id || session.bookedBy === actor.id);

/** Who booked: the owner only. */
export const canSeeBooker = (actor: Viewer, session: Slot): boolean =>
  actor !== null && session.facilitatorId === actor.id;

/** A facilitator's calendar: any signed-in account, of someone who is a facilitator. */
export const canViewCalendar = (actor: Person, owner: Pick<User, 'isFacilitator'> | undefined): boolean =>
  actor !== null && owner?.isFacilitator === true;

/** A repeating series: only the facilitator who offers it (or an admin) sees its rule and changes or deletes it. */
export const canManageSeries = (actor: Person, series: Pick<SessionSeries, 'facilitatorId'>): boolean =>
  actor !== null && (series.facilitatorId === actor.id || actor.isAdmin === true);
