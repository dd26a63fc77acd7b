import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContentAnswer } from '@common/content/schemas';
import { api } from '@web/api/client';
import { programKey } from './get-program';

export const contentKey = (id: string) => [...programKey, 'content', id] as const;

/** GET app/content/{id}: one of the facilitator's own content items, for the content form. */
export async function getContent(id: string): Promise<ContentAnswer> {
  return ContentAnswer.parse(await api.call(`app/content/${encodeURIComponent(id)}`));
}

export const contentQueryOptions = (id: string) =>
  queryOptions({ queryKey: contentKey(id), queryFn: () => getContent(id) });

/** Skipped for the word 'new' (the generic form load). */
export const useContent = (id: string) => useQuery({ ...contentQueryOptions(id), enabled: id !== 'new' });
