import { format } from 'date-fns';
import { timeText, zoneText } from '@web/components/dates';
import { formatUsd } from '@common/money';
import type { SessionAnswer } from '@common/sessions/schemas';

/** Session times in 24-hour HH:mm, in the viewer's time zone. */
export const clockTime = (instant: string) => timeText(instant);

/** '09:00–10:00' */
export const timeRangeText = (session: Pick<SessionAnswer, 'startTime' | 'endTime'>) =>
  `${clockTime(session.startTime)}–${clockTime(session.endTime)}`;

/** '09:00–10:00 GMT+1': where a session is booked or looked at closely, the zone is named. */
export const timeRangeWithZone = (session: Pick<SessionAnswer, 'startTime' | 'endTime'>) =>
  `${timeRangeText(session)} ${zoneText(session.startTime)}`;

/** Dates read MM/dd/yyyy: 'Tuesday, 11/24/2026'. */
export const sessionDateText = (instant: string) => format(new Date(instant), 'EEEE, MM/dd/yyyy');

export const priceText = (price: number) => (price > 0 ? formatUsd(price) : 'Free');

export const hasStarted = (session: Pick<SessionAnswer, 'startTime'>, now = new Date()) =>
  Date.parse(session.startTime) <= now.getTime();
