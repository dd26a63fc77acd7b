import { formatDateTime } from '@common/time';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

const localTime = (at: string) =>
  formatDateTime(new Date(at), Intl.DateTimeFormat().resolvedOptions().timeZone, { withZone: true });

/** The words of a session's waitlist, for the member and the facilitator. */
export const WAITLIST_TEXTS = {
  join: 'Join waitlist',
  leave: 'Leave waitlist',
  full: 'Full',
  position: (position: number) => `You are ${ordinal(position)} on the waitlist`,
  joinedToast: (position: number) => `You are ${ordinal(position)} on the waitlist.`,
  leftToast: 'You left the waitlist.',
  explain: 'Every place is taken. Join the waitlist and a place that comes free is yours in turn.',
  /** a one-to-one session someone else booked */
  explainOne: 'Someone else has booked this session. Join the waitlist and it is yours in turn if it comes free.',
  promotedFree: 'If a place comes free it is booked for you, and you are told by notification and mail.',
  promotedPaid: 'If a place comes free it is held for you for up to 2 hours to pay.',
  offered: (until: string) => `A place came free and is held for you until ${localTime(until)}. Pay to make it yours.`,
  heldForYou: 'Place held for you',
  waitlist: 'Waitlist',
  waitingCount: (n: number) => (n === 1 ? '1 waiting' : `${n} waiting`),
  noWaitlist: 'Nobody is on the waitlist.',
  offeredUntil: (until: string) => `offered a place until ${localTime(until)}`,
};
