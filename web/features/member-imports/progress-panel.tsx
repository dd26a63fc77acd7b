import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import { LoadFailed } from '@web/components/state-panels';
import { downloadReport, useImportProgress } from './api';
import { ImportSummary } from './import-summary';

/** The running import: rows done of the total, then the counts and the report. */
export function ProgressPanel({ importId }: { importId: string }) {
  const progress = useImportProgress(importId, true);
  if (progress.isError && !progress.data)
    return <LoadFailed message="We could not load the import’s progress." onRetry={() => progress.refetch()} />;
  const data = progress.data;
  const total = data?.rowsTotal ?? 0;
  const done = data?.rowsDone ?? 0;
  const percent = total === 0 ? (data?.status === 'done' ? 100 : 0) : Math.round((done / total) * 100);
  const finished = data?.status === 'done';
  return (
    <section aria-labelledby="progress-title" className="space-y-4">
      <h2 id="progress-title" className="text-lg font-semibold text-stone-900">
        {finished ? 'Import complete' : 'Importing…'}
      </h2>
      <div
        role="progressbar"
        aria-label="Rows imported"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-stone-700" aria-live="polite">
        {done} of {total} rows done
      </p>
      {data && finished && (
        <>
          <ImportSummary counts={data.counts} label="What the import did" />
          <Button variant="secondary" onClick={() => downloadReport(importId)}>
            <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
            Download report
          </Button>
        </>
      )}
    </section>
  );
}
