import type { ExportAnswer } from '@common/exports/schemas';
import { Button } from '@web/components/button';
import { dateTimeText } from '@web/components/dates';
import { downloadExport } from './exports-api';

const STATE_TEXT: Record<ExportAnswer['state'], string> = {
  queued: 'Waiting to start',
  running: 'Being made',
  ready: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One export: when it was asked for, where it stands (a progress bar while it is made) and its download. */
export function ExportRow({ item }: { item: ExportAnswer }) {
  const making = item.state === 'queued' || item.state === 'running';
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="text-sm font-medium text-stone-900">Requested {dateTimeText(item.createdAt)}</p>
        <p className="text-sm text-stone-600">
          {STATE_TEXT[item.state]}
          {item.state === 'ready' && item.sizeBytes !== null && ` · ${sizeText(item.sizeBytes)}`}
          {item.state === 'ready' && item.expiresAt && ` · download until ${dateTimeText(item.expiresAt)}`}
          {item.state === 'failed' && ': request a new export, or contact the site’s administrator.'}
        </p>
        {making && (
          <progress
            className="h-2 w-full max-w-xs accent-brand-700"
            max={100}
            value={item.progress}
            aria-label={`Export progress, ${item.progress} percent`}
          />
        )}
      </div>
      {item.state === 'ready' && item.downloadUrl && (
        <Button
          size="sm"
          onClick={() => downloadExport(item)}
          aria-label={`Download the export of ${dateTimeText(item.createdAt)}`}
        >
          Download
        </Button>
      )}
    </li>
  );
}
