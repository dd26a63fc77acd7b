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
} as const;
