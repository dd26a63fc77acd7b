import type { Session, SessionSeries, User } from '../../db/schema';
import type { Actor } from '../auth/policy';

type Person = (NonNullable<Actor> & Partial<Pick<User, 'isFacilitator'>>) | null;
/** Who is looking: their id is all the visibility rules need. */
type Viewer = { id: string } | null;
/** A session and the viewer's own live booking of it ('held' while paying, 'booked'), if any. */
type Slot = Pick<Session, 'facilitatorId'> & { myBooking: 'held' | 'booked' | null };

/**
 * Who may do what with sessions, each rule once. Deny by default.
 */
/** Only facilitators offer sessions. */
export const canOfferSession = (actor: Person): boolean => actor?.isFacilitator === true;

/** Only the facilitator who offers a session (or an admin) changes or deletes it. */
export const canManageSession = (actor: Person, session: Pick<Session, 'facilitatorId'>): boolean =>
  actor !== null && (session.facilitatorId === actor.id || actor.isAdmin === true);

/** A signed-in member books someone else's session (whether a place is left is the booking's own check). */
export const canBookSession = (actor: Person, session: Pick<Session, 'facilitatorId'>): boolean =>
  actor !== null && session.facilitatorId !== actor.id;

/** The meeting link: the owner and the members holding a booked place only. */
export const canSeeMeetingLink = (actor: Viewer, session: Slot): boolean =>
  actor !== null && (session.facilitatorId === actor.id || session.myBooking === 'booked');

/** Who booked: the owner only (queries.ts loads the bookers for the owner alone, mirroring this). */
export const canSeeBooker = (actor: Viewer, session: Pick<Session, 'facilitatorId'>): boolean =>
  actor !== null && session.facilitatorId === actor.id;

/** A member cancels their own booked place, and only their own. */
export const canCancelBooking = (actor: Person, booking: { memberId: string } | undefined): boolean =>
  actor !== null && booking !== undefined && booking.memberId === actor.id;

/** Removing a member from a session is the facilitator's (or an admin's), like any change to it. */
export const canRemoveBooker = (actor: Person, session: Pick<Session, 'facilitatorId'>): boolean =>
  canManageSession(actor, session);

/**
 * A member cancelling is refunded when they paid and cancel at least the session's cancellation
 * window before its start; later, the place is freed without a refund. The facilitator removing
 * a member, or cancelling the session, always refunds.
 */
export const refundsOnCancel = (
  session: Pick<Session, 'startTime' | 'cancellationHours'>,
  booking: { paymentId: string | null },
  by: 'member' | 'facilitator',
  now: Date,
): boolean =>
  booking.paymentId !== null &&
  (by === 'facilitator' || session.startTime.getTime() - now.getTime() >= session.cancellationHours * 3_600_000);

/**
 * Session credits: a place booked with a credit gives the credit back on the same terms as a
 * refund: cancelled by the member at least the cancellation window before the start, or removed by
 * the facilitator. Inside the window the credit is spent.
 */
export const returnsCreditOnCancel = (
  session: Pick<Session, 'startTime' | 'cancellationHours'>,
  booking: { creditSubscriptionId: string | null },
  by: 'member' | 'facilitator',
  now: Date,
): boolean =>
  booking.creditSubscriptionId !== null &&
  (by === 'facilitator' || session.startTime.getTime() - now.getTime() >= session.cancellationHours * 3_600_000);

/**
 * Who may book a session with a credit: a signed-in member, not its facilitator, holding an active
 * subscription to a tier of that facilitator that includes credits (`plans`: the member's, of
 * that facilitator), whose series limit, if any, names the session's series. Whether a credit is
 * left is the booking's own count under the subscription's lock.
 */
export function creditBookingRefusal(
  actor: Person,
  session: Pick<Session, 'facilitatorId' | 'seriesId'>,
  plans: { facilitator: { id: string }; seriesIds: string[] }[],
): 'signed_out' | 'own_session' | 'credits_subscribers_only' | 'credit_not_for_session' | null {
  if (actor === null) return 'signed_out';
  if (session.facilitatorId === actor.id) return 'own_session';
  if (!plans.some((p) => p.facilitator.id === session.facilitatorId)) return 'credits_subscribers_only';
  return plans.some((p) => creditCoversSession(p, session)) ? null : 'credit_not_for_session';
}

/** A tier's credits book its facilitator's sessions, only those of the chosen series when it names any. */
export const creditCoversSession = (
  plan: { facilitator: { id: string }; seriesIds: string[] },
  session: Pick<Session, 'facilitatorId' | 'seriesId'>,
): boolean =>
  plan.facilitator.id === session.facilitatorId &&
  (plan.seriesIds.length === 0 || (session.seriesId !== null && plan.seriesIds.includes(session.seriesId)));

/** A facilitator's calendar: any signed-in account, of someone who is a facilitator. */
export const canViewCalendar = (actor: Person, owner: Pick<User, 'isFacilitator'> | undefined): boolean =>
  actor !== null && owner?.isFacilitator === true;

/** A repeating series: only the facilitator who offers it (or an admin) sees its rule and changes or deletes it. */
export const canManageSeries = (actor: Person, series: Pick<SessionSeries, 'facilitatorId'>): boolean =>
  actor !== null && (series.facilitatorId === actor.id || actor.isAdmin === true);

/** Attendance is marked by the session's facilitator (or an admin), like any change to it. */
export const canMarkAttendance = (actor: Person, session: Pick<Session, 'facilitatorId'>): boolean =>
  canManageSession(actor, session);

/** The join link goes through the server for the facilitator and members holding a booked place only. */
export const canJoinSession = (actor: Viewer, session: Slot): boolean => canSeeMeetingLink(actor, session);

/** A session's ratings and comments: its facilitator (or an admin). */
export const canSeeFeedback = (actor: Person, session: Pick<Session, 'facilitatorId'>): boolean =>
  canManageSession(actor, session);

/** A member rates a session they attended (marked attended, or joined and not marked a no-show), once it has ended. */
export const canRateSession = (
  actor: Viewer,
  booking: { memberId: string; attended: boolean | null } | undefined,
): boolean => actor !== null && booking !== undefined && booking.memberId === actor.id && booking.attended === true;

/** A member joins the waitlist of someone else's session (the facilitator cannot wait for their own). */
export const canJoinWaitlist = (actor: Person, session: Pick<Session, 'facilitatorId'>): boolean =>
  canBookSession(actor, session);

/** A session's waitlist (who is in line): the owner only, like its bookers. */
export const canSeeWaitlist = (actor: Viewer, session: Pick<Session, 'facilitatorId'>): boolean =>
  canSeeBooker(actor, session);

/** A session's recording is attached and detached by its facilitator (or an admin), like any change to it. */
export const canAttachRecording = (actor: Person, session: Pick<Session, 'facilitatorId'>): boolean =>
  canManageSession(actor, session);

/**
 * What may be a session's recording: a content item of the session's facilitator, shared beyond
 * the bookers only with a tier of that facilitator (an admin attaching chooses among those too).
 */
export const fitsRecording = (session: Pick<Session, 'facilitatorId'>, owned: { userId: string }): boolean =>
  owned.userId === session.facilitatorId;
