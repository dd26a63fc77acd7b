import { formatUsd } from '@common/money';

/** What the sessions screens say, besides SESSION_MESSAGES (common/sessions/schemas.ts). */
export const SESSION_TEXTS = {
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  addSession: 'Add session',
  editSession: 'Edit session',
  book: 'Book',
  bookFor: (price: number) => `Book for ${formatUsd(price)}`,
  booked: 'Booked',
  bookedByYou: 'Booked by you',
  bookedBy: (name: string) => `Booked by ${name}`,
  started: 'Started',
  openLink: 'Open session link',
  addToCalendar: 'Add to calendar',
  bookedToast: (name: string) => `You're booked into ${name}`,
  paymentReceived: 'Payment received — your session is booked',
  checkoutCancelled: 'Checkout cancelled',
  sessionAdded: 'Session added',
  sessionSaved: 'Session saved',
  sessionDeleted: 'Session deleted',
  sessionsDeleted: 'Sessions deleted',
  capacity: 'Capacity',
  capacityHint: 'How many members can book it: 1 for one to one, up to 200 for a group.',
  cancellationWindow: 'Refund window (hours)',
  cancellationHint: 'Members who cancel at least this long before the start are refunded; later, they are not.',
  places: 'Places',
  cancelBooking: 'Cancel booking',
  manageBooking: 'Details',
  cancelBookingTitle: (name: string) => `Cancel your place in ${name}?`,
  keepBooking: 'Keep my place',
  bookingCancelled: 'Your booking is cancelled',
  bookingCancelledRefunded: 'Your booking is cancelled and your payment refunded',
  /** what cancelling now does, said before the member confirms */
  cancelOutcome: (price: number, refundable: boolean, hours: number, partOfPaidSeries = false) =>
    partOfPaidSeries
      ? refundable
        ? "You will be refunded this session's share of your series payment."
        : `It starts in less than ${hours} hour${hours === 1 ? '' : 's'}, so this session's share of your series payment will not be refunded.`
      : price === 0
        ? 'Your place will be given to someone else.'
        : refundable
          ? `You will be refunded ${formatUsd(price)}.`
          : `It starts in less than ${hours} hour${hours === 1 ? '' : 's'}, so your payment of ${formatUsd(price)} will not be refunded.`,
  bookers: 'Booked members',
  bookersOf: (name: string) => `Booked members of ${name}`,
  noBookers: 'Nobody has booked this session yet.',
  bookedCount: (booked: number, capacity: number) => `${booked} of ${capacity} booked`,
  removeBooker: (name: string) => `Remove ${name}`,
  removeBookerOutcome: (name: string, price: number) =>
    `${name} will be told${price > 0 ? `, and refunded ${formatUsd(price)}` : ''}.`,
  bookerRemoved: (name: string) => `${name} was removed`,
  todayBanner: (facilitator: string, time: string) => `Session with ${facilitator} today at ${time}`,
} as const;
