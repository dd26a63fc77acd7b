import clsx from 'clsx';
import { cornerCountBadgeStyles } from '@web/components/badge-styles';

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The bell's corner badge: the count of unviewed notifications, read out as 'N unviewed' by `id`. */
export function UnviewedBadge({ id, count }: { id: string; count: number }) {
  if (count <= 0) return null;
  return (
    <span data-testid="notifications-badge" className={clsx(cornerCountBadgeStyles, 'bg-red-600')}>
      <span aria-hidden="true">{badgeText(count)}</span>
      <span id={id} className="sr-only">
        {count} unviewed
      </span>
    </span>
  );
}
