import { formatDistanceToNowStrict } from 'date-fns';
import { dateTimeText } from '@web/components/dates';

/** '3 minutes ago', with the exact moment on hover and for machines. */
export function PostTime({ date, className }: { date: string; className?: string }) {
  const when = new Date(date);
  if (Number.isNaN(when.getTime())) return null;
  return (
    <time dateTime={when.toISOString()} title={dateTimeText(when)} className={className}>
      {formatDistanceToNowStrict(when, { addSuffix: true })}
    </time>
  );
}
