import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContentAnswer, type FileType, type SaveContentRequest } from '@common/content/schemas';
import { api } from '@web/api/client';
import { programKey } from './get-program';

/** The request, plus the file type the upload reported (the server may ignore it). */
export type SaveContentInput = { id: string; values: SaveContentRequest & { fileType?: FileType | null } };

/**
 * POST app/content/new or app/content/{id}: the saved item. Saving with inPostQueue
 * puts it at the end of each chosen tier's queue.
 */
export async function saveContent({ id, values }: SaveContentInput): Promise<ContentAnswer> {
  return ContentAnswer.parse(await api.call(`app/content/${encodeURIComponent(id)}`, values));
}

export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKey }),
  });
}
