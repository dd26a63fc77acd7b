// The sessions texts shown to people, apart from the schemas so the error catalogue
// (common/errors.ts) and the web's forms load them without zod.

export const SESSION_MESSAGES = {
  endAfterStart: 'The end time must be after the start time.',
  meetingUrlHint: 'Not visible until booking made',
  noSessions: 'No sessions available',
  noUpcoming: 'No upcoming sessions. Explore facilitators to view available sessions',
  alreadyBooked: 'This session has already been booked.',
  beingBooked: 'Someone is paying for this session right now. Try again in a few minutes.',
  ownSession: 'You cannot book your own session.',
  past: 'This session has already started.',
  paidUseCheckout: 'This session is paid: book it through checkout.',
  freeBookDirectly: 'This session is free: book it directly.',
  full: 'This session is full: every place has been booked.',
  capacityBelowBooked: 'More members have booked than that: remove some first, or keep more places.',
  bookingNotFound: 'You have no place in this session.',
  bookerNotFound: 'That member has no place in this session.',
  noCreditsLeft:
    'You have used every session credit of this period. Book it by paying, or wait for your credits to renew.',
  creditsSubscribersOnly: "Session credits come with a subscription to this facilitator's tier.",
  creditNotForSession: "Your tier's session credits do not cover this session.",
  creditBook: (left: number, perPeriod: number, period: 'week' | 'month' | 'year') =>
    `Book with a credit · ${left} of ${perPeriod} left this ${period}`,
  creditsLeftLine: (left: number, perPeriod: number, period: 'week' | 'month' | 'year') =>
    `${left} of ${perPeriod} session credits left this ${period}`,
  placesLeft: (left: number, capacity: number) => (left === 0 ? 'Full' : `${left} of ${capacity} places left`),
  refundBefore: (hours: number) =>
    hours === 0
      ? 'Cancel any time before it starts for a full refund.'
      : `Cancel at least ${hours} hour${hours === 1 ? '' : 's'} before it starts for a full refund.`,
} as const;
