import { differenceInCalendarDays, format, formatDistanceToNow } from 'date-fns';

/** Recent notifications read "3 hours ago"; older ones show the date (spec 02 §9: MM/dd/yyyy). */
export function NotificationTime({ createdAt, className }: { createdAt: string; className?: string }) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  const label =
    differenceInCalendarDays(new Date(), date) < 7 ? formatDistanceToNow(date, { addSuffix: true }) : format(date, 'MM/dd/yyyy');
  return (
    <time dateTime={date.toISOString()} title={format(date, 'MM/dd/yyyy HH:mm')} className={className}>
      {label}
    </time>
  );
}
