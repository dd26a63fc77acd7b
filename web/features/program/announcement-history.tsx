import { NextPageButton } from '@web/components/lists/next-page-button';
import { MegaphoneIcon } from '@heroicons/react/24/outline';
import type { AnnouncementAnswer } from '@common/announcements/schemas';
import { useFocusFirstNew } from '@web/components/use-focus-first-new';
import { dateTimeText } from '@web/components/dates';
import { EmptyPanel, LoadFailed } from '@web/components/state-panels';
import { useAnnouncementHistory } from './announcement-api';
import { membersText } from './announcement-composer';

const audienceText = (a: AnnouncementAnswer) =>
  a.tierId === null ? 'All members' : a.tierName ? `Members of ${a.tierName}` : 'Members of a deleted plan';

/** My past announcements, newest first, with how many members each went to. */
export function AnnouncementHistory() {
  const history = useAnnouncementHistory();
  const { data, isPending, isError, refetch, hasNextPage } = history;
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  const focusFrom = useFocusFirstNew(items.length);

  if (isPending)
    return (
      <p role="status" className="py-6 text-sm text-stone-600">
        Loading your announcements…
      </p>
    );
  if (isError && !data) return <LoadFailed message="We could not load your announcements." onRetry={() => refetch()} />;
  if (items.length === 0)
    return (
      <EmptyPanel icon={MegaphoneIcon} title="No announcements yet">
        The announcements you send appear here, with how many members each one reached.
      </EmptyPanel>
    );
  return (
    <div>
      <ul
        ref={focusFrom.list}
        className="divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
      >
        {items.map((a) => (
          <li
            key={a._id}
            tabIndex={-1}
            className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5"
          >
            <div className="min-w-0">
              <p className="truncate font-medium text-stone-900">{a.subject}</p>
              <p className="text-sm text-stone-600">
                {audienceText(a)} · <time dateTime={a.createdAt}>{dateTimeText(a.createdAt)}</time>
              </p>
            </div>
            <p className="shrink-0 text-sm font-medium text-stone-700">Sent to {membersText(a.recipientCount)}</p>
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <div className="mt-4 flex flex-col items-center gap-2">
          <NextPageButton
            pages={history}
            label="Show older announcements"
            failedText="We could not load older announcements."
            onLoad={() => focusFrom.next(items.length, history.fetchNextPage())}
            size="sm"
          />
        </div>
      )}
    </div>
  );
}
