import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ExportAnswer, ExportsAnswer, ExportAnswer as ExportSchema } from '@common/exports/schemas';
import { api, getFile } from '@web/api/client';
import { saveFile } from '@web/components/save-file';

export type ExportScope = ExportAnswer['scope'];

/** Where each scope's exports live: a facilitator's business, or the whole site (admins). */
const PATHS: Record<ExportScope, string> = { business: 'app/facilitator/exports', site: 'admin/exports' };
const exportsKey = (scope: ExportScope) => ['exports', scope] as const;

const inProgress = (list: ExportAnswer[] | undefined) =>
  list?.some((e) => e.state === 'queued' || e.state === 'running') ?? false;

/** The requester's exports; polled every 2 seconds while one is being made. */
export const useExports = (scope: ExportScope) =>
  useQuery({
    queryKey: exportsKey(scope),
    queryFn: async () => ExportsAnswer.parse(await api.call(PATHS[scope])).exports,
    refetchInterval: (query) => (inProgress(query.state.data) ? 2000 : false),
  });

/** POST: asks for a new export (409 while one of the requester's is still being made). */
export function useRequestExport(scope: ExportScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => ExportSchema.parse(await api.call(PATHS[scope], {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsKey(scope) }),
  });
}

/**
 * Downloads a ready archive: a link Tend signed is fetched with the sign-in token (it is the
 * requester's only); a storage provider's presigned link is opened as it is.
 */
export async function downloadExport(item: ExportAnswer) {
  if (!item.downloadUrl) return;
  if (/^https?:\/\//.test(item.downloadUrl)) {
    window.location.assign(item.downloadUrl);
    return;
  }
  const file = await getFile(item.downloadUrl.replace(/^\/api\//, ''));
  if (file) saveFile(file.blob, file.fileName ?? 'tend-export.zip');
}
