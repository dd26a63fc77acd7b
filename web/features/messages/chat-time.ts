import { format, isSameDay } from 'date-fns';
import { dateText, timeText } from '@web/components/dates';

/** Chat time, 24-hour: 'HH:mm' for today, otherwise 'MMM d HH:mm' ('Mar 4 09:05'). */
export function formatChatTime(date: string | Date, now: Date = new Date()): string {
  const when = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(when.getTime())) return '';
  return format(when, isSameDay(when, now) ? 'HH:mm' : 'MMM d HH:mm');
}

/** The moment in full, for a tooltip and screen readers ('03/04/2025 at 09:05'). */
export function fullChatTime(date: string | Date): string {
  const when = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(when.getTime())) return '';
  return `${dateText(when)} at ${timeText(when)}`;
}
