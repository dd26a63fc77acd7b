import { queryOptions, useQuery } from '@tanstack/react-query';
import { ImageConfigAnswer } from '@common/uploads/schemas';
import { api } from '@web/api/client';

export const imageConfigKey = ['image-config'] as const;

/** GET image-config (public): where images are uploaded to and shown from. */
export async function getImageConfig(): Promise<ImageConfigAnswer> {
  return ImageConfigAnswer.parse(await api.call('image-config'));
}

/** The image host does not change while the app runs: fetch it once. */
export const imageConfigQueryOptions = () =>
  queryOptions({ queryKey: imageConfigKey, queryFn: getImageConfig, staleTime: Infinity, gcTime: Infinity });

export const useImageConfig = () => useQuery(imageConfigQueryOptions());
