import { centsToDollars, formatUsd } from '../../../common/money';
import { formatDateTime } from '../../../common/time';
import type { Session } from '../../db/schema';

type Timed = Pick<Session, 'name' | 'startTime'>;
const at = (d: Date, zone: string) => formatDateTime(d, zone, { withZone: true });

/** The in-app notices of a session's waitlist, each time in its reader's zone. */
export const waitlistNotices = {
  /** a free session's place came free and is now booked for them */
  promoted: (s: Timed, zone: string) =>
    `A place came free in ${s.name} (${at(s.startTime, zone)}): you were next on the waitlist, and it is booked for you.`,
  /** a paid session's place is held for them to pay until `until` */
  offered: (s: Timed, until: Date, zone: string) =>
    `A place came free in ${s.name} (${at(s.startTime, zone)}) and is held for you until ${at(until, zone)}. ` +
    'Open the session to pay and it is yours.',
  /** the price changed while a place was offered to them: offered again at the new price */
  reoffered: (s: Timed & Pick<Session, 'priceCents'>, until: Date, zone: string) =>
    `The price of ${s.name} (${at(s.startTime, zone)}) changed to ${formatUsd(centsToDollars(s.priceCents))} while a place was held for you. ` +
    `It is held for you again at the new price until ${at(until, zone)}.`,
  /** the session they waited for (or had a place offered in) was cancelled */
  closed: (s: Timed, zone: string) =>
    `${s.name} on ${at(s.startTime, zone)} was cancelled by the facilitator, so its waitlist has closed. ` +
    'You were not charged.',
};
