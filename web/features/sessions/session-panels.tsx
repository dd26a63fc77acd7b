import type { ComponentProps } from 'react';
import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import { EmptyPanel as SharedEmptyPanel, Skeleton, skeletonBlock } from '@web/components/state-panels';

export { LoadFailed } from '@web/components/state-panels';

/** The shared empty state with the calendar icon. */
export const EmptyPanel = (props: Omit<ComponentProps<typeof SharedEmptyPanel>, 'icon'>) => (
  <SharedEmptyPanel icon={CalendarDaysIcon} {...props} />
);

/** Grey blocks while a list loads. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Skeleton label={label}>
      <div className="space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className={`h-24 ${skeletonBlock}`} />
        ))}
      </div>
    </Skeleton>
  );
}
