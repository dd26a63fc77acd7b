import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SendFile } from '../uploads/use-uploads';
import { uploadImage, type UploadedImage } from './upload-image';
import { imageConfigQueryOptions } from './use-image-config';

/** Sends one image to the configured image host (fetched once), for `useUploads`. */
export function useSendImage(): SendFile<UploadedImage> {
  const queryClient = useQueryClient();
  return useCallback(
    async (file, transfer) => {
      const host = await queryClient.fetchQuery(imageConfigQueryOptions());
      return uploadImage(host, { file, fileName: file.name, ...transfer });
    },
    [queryClient],
  );
}
