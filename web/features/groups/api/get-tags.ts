import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TagAnswer } from '@common/groups/schemas';
import { api } from '@web/api/client';
import { tagsKey } from './group-keys';

export type Tag = z.infer<typeof TagAnswer>;

/** GET app/tags: every tag, by text, for the group form and to name a group's tag ids. */
export async function getTags(): Promise<Tag[]> {
  return z.array(TagAnswer).parse(await api.call('app/tags'));
}

export const tagsQueryOptions = () => queryOptions({ queryKey: tagsKey, queryFn: getTags, staleTime: 5 * 60_000 });

export const useTags = () => useQuery(tagsQueryOptions());
