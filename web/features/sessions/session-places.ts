import { SESSION_MESSAGES, type SessionAnswer } from '@common/sessions/schemas';

/** '3 of 12 places left', or 'Full': shown for group sessions (a one-to-one session reads Booked as before). */
export const placesLeftText = (session: Pick<SessionAnswer, 'capacity' | 'placesLeft'>) =>
  session.capacity > 1 ? SESSION_MESSAGES.placesLeft(session.placesLeft, session.capacity) : null;

/** Whether cancelling my place now gets my payment back (the server decides again when I confirm). */
export const refundableNow = (session: Pick<SessionAnswer, 'startTime' | 'cancellationHours'>, now = new Date()) =>
  Date.parse(session.startTime) - now.getTime() >= session.cancellationHours * 3_600_000;
