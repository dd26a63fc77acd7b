import { ArchiveBoxArrowDownIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import { cardStyles } from '@web/components/card-styles';
import { formErrorText } from '@web/components/form/error-text';
import { EmptyPanel, LoadFailed } from '@web/components/state-panels';
import { Spinner } from '@web/components/spinner';
import { ExportRow } from './export-row';
import { type ExportScope, useExports, useRequestExport } from './exports-api';

/**
 * Request an export, follow it while it is made, download it while its link is valid, and see the
 * past ones: the same panel for a facilitator's business and an admin's whole site.
 */
export function ExportsPanel({ scope }: { scope: ExportScope }) {
  const exports = useExports(scope);
  const request = useRequestExport(scope);
  const busy = exports.data?.some((e) => e.state === 'queued' || e.state === 'running') ?? false;

  return (
    <div className="space-y-6">
      <div className={cardStyles}>
        <div className="space-y-3 p-5">
          <p className="text-sm text-stone-700">
            One ZIP archive with{' '}
            {scope === 'site'
              ? 'every facilitator’s business, every user and the site settings'
              : 'your members, subscriptions, revenue, tiers, content and its files, sessions and groups'}
            : each table as a spreadsheet (CSV) and as JSON, with a README describing every column. The link works for
            24 hours, and we email you when it is ready.
          </p>
          <p className="text-sm text-stone-600">
            This archive is for keeping a copy or moving elsewhere; it does not restore a site (backups do that).
          </p>
          <Button onClick={() => request.mutateAsync()} pending={request.isPending} disabled={busy}>
            {busy ? 'An export is being made' : 'Request an export'}
          </Button>
          {request.isError && (
            <p role="alert" className="text-sm text-red-700">
              {formErrorText(request.error)}
            </p>
          )}
        </div>
      </div>

      <section aria-labelledby="exports-title" className="space-y-3">
        <h2 id="exports-title" className="text-lg font-semibold text-stone-900">
          Your exports
        </h2>
        {exports.isPending ? (
          <p className="flex items-center gap-2 text-sm text-stone-600" role="status">
            <Spinner /> Loading your exports…
          </p>
        ) : exports.isError ? (
          <LoadFailed message="We could not load your exports." onRetry={() => void exports.refetch()} />
        ) : exports.data.length === 0 ? (
          <EmptyPanel icon={ArchiveBoxArrowDownIcon} title="No exports yet">
            Request one above: it is made in the background, and appears here.
          </EmptyPanel>
        ) : (
          <ul className={`${cardStyles} divide-y divide-stone-200 px-5`} aria-live="polite">
            {exports.data.map((item) => (
              <ExportRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
