import clsx from 'clsx';
import { cornerCountBadgeStyles } from '@web/components/badge-styles';
import { badgeCount } from '@web/components/count-badge';

/**
 * The bell's corner badge: the count of unviewed notifications. Hidden from screen readers, as
 * the bell's name says it (`countedName`).
 */
export function UnviewedBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span aria-hidden="true" data-testid="notifications-badge" className={clsx(cornerCountBadgeStyles, 'bg-red-600')}>
      {badgeCount(count)}
    </span>
  );
}
