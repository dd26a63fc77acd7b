import { useParams } from 'react-router';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import { PageLoading } from '@web/components/page-loading';
import { PageTitle } from '@web/components/page-title';
import { cardStyles } from '@web/components/card-styles';
import { useQueue } from './api';
import { ModerationLog } from './moderation-log';
import { ModeratorsSection } from './moderators-section';
import { QueueItemCard } from './queue-item-card';

/** /group/:id/moderation (a group's moderators, owner, tier facilitator, admins) and /admin/moderation. */
export function QueuePage() {
  const { id } = useParams();
  const { data, isPending, isError, error, refetch } = useQueue(id);
  const title = id ? 'Review queue' : 'Site review queue';
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl space-y-6">
      <PageTitle>{title}</PageTitle>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {title}
      </h1>
      {isPending ? (
        <PageLoading label="Loading the review queue…" className="min-h-48" />
      ) : isError ? (
        <LoadFailedPanel
          message={(error as { serverMessage?: string }).serverMessage ?? 'We could not load the review queue.'}
        >
          <button
            type="button"
            onClick={() => void refetch()}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
          >
            Try again
          </button>
        </LoadFailedPanel>
      ) : (
        <>
          <section aria-labelledby="open-reports" className="space-y-4">
            <h2 id="open-reports" className="text-lg font-semibold text-stone-900">
              Open reports ({data.items.length})
            </h2>
            {data.items.length === 0 ? (
              <p className={`${cardStyles} p-5 text-sm text-stone-600`}>
                Nothing to review. Reports members make will appear here.
              </p>
            ) : (
              <ul className="space-y-4">
                {data.items.map((item) => (
                  <li key={item._id}>
                    <QueueItemCard item={item} groupId={id} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {id && <ModeratorsSection groupId={id} />}
          <ModerationLog entries={data.log} />
        </>
      )}
    </section>
  );
}
