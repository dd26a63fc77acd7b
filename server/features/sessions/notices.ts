import { formatDateTime } from '../../../common/time';
import type { Session } from '../../db/schema';

/** A session's start as its recipient reads it: MM/dd/yyyy HH:mm in their zone, the zone named. */
const when = (s: Pick<Session, 'startTime'>, timeZone: string) =>
  formatDateTime(s.startTime, timeZone, { withZone: true });

type Timed = Pick<Session, 'name' | 'startTime'>;

/** The in-app notices about a session, each time in its reader's zone. */
export const sessionNotices = {
  changed: (s: Timed, zone: string) => `${s.name} has changed: it now starts ${when(s, zone)}.`,
  /** to the members whose checkout closed because the price changed while they were paying */
  priceChanged: (s: Pick<Session, 'name'>) =>
    `The price of ${s.name} changed while you were paying, ` +
    'so that checkout was closed and nothing was charged. ' +
    'Book it again to see the new price.',
  cancelled: (s: Timed, zone: string, refunded: boolean) =>
    `${s.name} on ${when(s, zone)} was cancelled by the facilitator.` +
    (refunded ? ' Your payment has been refunded.' : ''),
  /** to the facilitator, when a member cancels their own place */
  placeCancelled: (s: Timed, member: string, zone: string) =>
    `${member} cancelled their place in ${s.name} (${when(s, zone)}).`,
  /** to the member the facilitator removed */
  placeRemoved: (s: Timed, facilitator: string | undefined, zone: string, refunded: boolean) =>
    `${facilitator ?? 'The facilitator'} cancelled your place in ${s.name} on ${when(s, zone)}.` +
    (refunded ? ' Your payment has been refunded.' : ''),
  bookedByMember: (s: Timed, member: string, zone: string) => `${member} booked ${s.name} (${when(s, zone)}).`,
  bookedWithFacilitator: (s: Timed, facilitator: string | undefined, zone: string) =>
    `You booked ${s.name} with ${facilitator ?? 'your facilitator'} (${when(s, zone)}).`,
};
