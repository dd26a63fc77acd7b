import { useQuery } from '@tanstack/react-query';
import { FeedPreviewAnswer, ImportAnswer, type StartFeedImportRequest } from '@common/content-import/schemas';
import { api, apiUrl } from '@web/api/client';
import { sendUpload, type UploadTransfer } from '@web/api/upload';
import { programKey } from '../program/api/get-program';

export const importsKey = [...programKey, 'imports'] as const;
/** How often the progress is read again while items are pending. */
export const PROGRESS_POLL_MS = 1500;

/** POST app/content-imports/feed-preview: the feed's recordings, nothing stored. */
export const previewFeed = async (feedUrl: string) =>
  FeedPreviewAnswer.parse(await api.call('app/content-imports/feed-preview', { feedUrl }));

/** POST app/content-imports/feed: starts importing the chosen items. */
export const startFeedImport = async (request: StartFeedImportRequest) =>
  ImportAnswer.parse(await api.call('app/content-imports/feed', request));

/** POST app/content-imports/zip: the ZIP goes up with its progress; the import starts on the server. */
export async function startZipImport(file: File, tierId: string, transfer: UploadTransfer = {}) {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await sendUpload(
    apiUrl(`app/content-imports/zip?tierId=${encodeURIComponent(tierId)}`),
    form,
    transfer,
  );
  return ImportAnswer.parse(answer);
}

/** One file of a files import, in queue order, with the title the facilitator gave it (if any). */
export type ChosenFile = { file: File; title: string };

/**
 * POST app/content-imports/files: the list of files (name, size, title) first, so the server can
 * refuse sizes over the limit or the quota before a byte is stored, then the files in that order.
 */
export async function startFilesImport(files: ChosenFile[], tierId: string, transfer: UploadTransfer = {}) {
  const form = new FormData();
  form.append(
    'items',
    JSON.stringify(files.map((f) => ({ name: f.file.name, size: f.file.size, title: f.title.trim() || undefined }))),
  );
  for (const f of files) form.append('file', f.file, f.file.name);
  const answer = await sendUpload(
    apiUrl(`app/content-imports/files?tierId=${encodeURIComponent(tierId)}`),
    form,
    transfer,
  );
  return ImportAnswer.parse(answer);
}

/** POST app/content-imports/{id}/retry: failed items (all, or one) are tried again. */
export const retryImport = async (id: string, position?: number) =>
  ImportAnswer.parse(await api.call(`app/content-imports/${id}/retry`, position === undefined ? {} : { position }));

/** GET app/content-imports/{id}, read again while any item is pending. */
export const useImport = (id: string) =>
  useQuery({
    queryKey: [...importsKey, id],
    queryFn: async () => ImportAnswer.parse(await api.call(`app/content-imports/${id}`)),
    refetchInterval: (query) => ((query.state.data?.counts.pending ?? 1) > 0 ? PROGRESS_POLL_MS : false),
  });
