import { CheckCircleIcon, ClockIcon, ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ImportAnswer, ImportItemAnswer } from '@common/content-import/schemas';
import { Button } from '@web/components/button';
import { PageLoading } from '@web/components/page-loading';
import { LoadFailed } from '@web/components/state-panels';
import { importsKey, retryImport, useImport } from './api';

const STATE_TEXT = { pending: 'Waiting', done: 'Imported', failed: 'Failed' } as const;

function ItemRow({ item, onRetry }: { item: ImportItemAnswer; onRetry: () => Promise<unknown> }) {
  const Icon = item.state === 'done' ? CheckCircleIcon : item.state === 'failed' ? ExclamationTriangleIcon : ClockIcon;
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${item.state === 'done' ? 'text-brand-700' : item.state === 'failed' ? 'text-red-700' : 'text-stone-500'}`}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-stone-900">
          {item.position + 1}. {item.title}
        </p>
        <p className="text-sm text-stone-600">
          {STATE_TEXT[item.state]}
          {item.reasonText && `: ${item.reasonText}`}
        </p>
      </div>
      {item.state === 'done' && item.contentId && (
        <Link to={`/program/content/${item.contentId}`} className="text-sm font-semibold text-brand-800 underline">
          Open<span className="sr-only"> {item.title}</span>
        </Link>
      )}
      {item.state === 'failed' && item.reason !== 'unsafe_path' && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry<span className="sr-only"> {item.title}</span>
        </Button>
      )}
    </li>
  );
}

/** An import's progress: the counts, a bar, and each item's result with a retry for failed ones. */
export function ImportProgress({ id }: { id: string }) {
  const query = useImport(id);
  const client = useQueryClient();
  if (query.isPending) return <PageLoading label="Loading the import…" className="min-h-48" />;
  if (query.isError) return <LoadFailed message="We could not load this import." onRetry={() => query.refetch()} />;
  const data: ImportAnswer = query.data;
  const total = data.items.length;
  const finished = data.counts.done + data.counts.failed;
  const retry = async (position?: number) => {
    client.setQueryData([...importsKey, id], await retryImport(id, position));
  };
  return (
    <div>
      <h2 className="text-lg font-semibold text-stone-900">{data.label}</h2>
      <p className="mt-1 text-sm text-stone-700" aria-live="polite">
        {data.counts.pending > 0
          ? `Importing: ${finished} of ${total} done`
          : `Finished: ${data.counts.done} imported${data.counts.failed ? `, ${data.counts.failed} failed` : ''}`}
      </p>
      <progress className="mt-2 h-2 w-full accent-brand-700" max={total} value={finished} aria-label="Import progress">
        {finished} of {total}
      </progress>
      {data.counts.failed > 0 && data.counts.pending === 0 && (
        <div className="mt-3">
          <Button variant="secondary" onClick={() => retry()}>
            Retry failed items
          </Button>
        </div>
      )}
      <ul className="mt-4 divide-y divide-stone-200" aria-label="Items">
        {data.items.map((item) => (
          <ItemRow key={item.position} item={item} onRetry={() => retry(item.position)} />
        ))}
      </ul>
    </div>
  );
}
