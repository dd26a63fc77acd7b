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
  todayBanner: (facilitator: string, time: string) => `Session with ${facilitator} today at ${time}`,
} as const;
