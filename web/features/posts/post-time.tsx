import { formatDistanceToNowStrict } from 'date-fns';

/** '3 minutes ago', with the exact moment on hover and for machines. */
export function PostTime({ date, className }: { date: string; className?: string }) {
  const when = new Date(date);
  if (Number.isNaN(when.getTime())) return null;
  return (
    <time dateTime={when.toISOString()} title={when.toLocaleString()} className={className}>
      {formatDistanceToNowStrict(when, { addSuffix: true })}
    </time>
  );
}
