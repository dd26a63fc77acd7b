import { differenceInCalendarDays, formatDistanceToNow } from 'date-fns';
import { dateText, dateTimeText } from '@web/components/dates';

/** Recent notifications read "3 hours ago"; older ones show the date (MM/dd/yyyy). */
export function NotificationTime({ createdAt, className }: { createdAt: string; className?: string }) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  const label =
    differenceInCalendarDays(new Date(), date) < 7 ? formatDistanceToNow(date, { addSuffix: true }) : dateText(date);
  return (
    <time dateTime={date.toISOString()} title={dateTimeText(date)} className={className}>
      {label}
    </time>
  );
}
