import { useFocusFirstNew } from '@web/components/use-focus-first-new';
import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { GroupAnswer } from '@common/groups/schemas';
import { NextPageButton } from '@web/components/lists/next-page-button';
import { GroupCard } from './group-card';
import { LoadFailed } from './group-panels';

type GroupListProps = {
  groups: UseInfiniteQueryResult<GroupAnswer[]>;
  label: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
};

/** Group cards in a responsive grid, with loading, failed and empty states. */
export function GroupList({ groups, label, empty }: GroupListProps) {
  const focusFrom = useFocusFirstNew(groups.data?.length ?? 0);
  if (groups.isPending) return <GroupCardsSkeleton label={`Loading ${label.toLowerCase()}…`} />;
  if (groups.isError && !groups.data)
    return <LoadFailed message="We could not load the groups." onRetry={() => groups.refetch()} />;
  if (groups.data.length === 0) return <>{empty}</>;
  return (
    <div className="space-y-5">
      <ul
        ref={focusFrom.list}
        aria-label={label}
        aria-busy={groups.isPlaceholderData || undefined}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {groups.data.map((group) => (
          <li key={group._id} tabIndex={-1}>
            <GroupCard group={group} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2">
        <NextPageButton
          pages={groups}
          label="Load more"
          failedText="More groups could not be loaded."
          onLoad={() => focusFrom.next(groups.data.length, groups.fetchNextPage())}
          size="sm"
        />
      </div>
    </div>
  );
}

/** Grey cards while a list loads; announced once as loading. */
export function GroupCardsSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div role="status" className="animate-pulse motion-reduce:animate-none">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
            <div className="aspect-[2/1] bg-stone-200/70" />
            <div className="space-y-2 p-5">
              <div className="h-4 w-2/3 rounded bg-stone-200" />
              <div className="h-3 w-1/3 rounded bg-stone-100" />
              <div className="h-3 w-1/4 rounded bg-stone-100" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
