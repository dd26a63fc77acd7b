import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { POST_PHOTOS_MAX, TOO_MANY_PHOTOS } from '@common/posts/schemas';
import { IMAGE_MAX_BYTES, IMAGE_TOO_BIG } from '@common/uploads/schemas';
import { formErrorText } from '@web/components/form/error-text';
import { imageConfigQueryOptions } from '@web/components/images/use-image-config';
import { isAbortError, uploadImage } from '@web/components/images/upload-image';

/** One photo the composer holds: sending (percent), stored (path) or failed (error). */
export type ComposerPhoto = {
  key: string;
  name: string;
  /** an object URL of the chosen file, so the preview shows before the upload ends */
  preview: string | null;
  percent: number;
  path: string | null;
  error: string | null;
  /** what the member wrote about the photo for people who cannot see it (issue 21) */
  alt: string;
};

let nextKey = 0;
const objectUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
const releaseUrl = (url: string | null) => url && typeof URL.revokeObjectURL === 'function' && URL.revokeObjectURL(url);

/**
 * The composer's photos (spec 02 §2: up to 4), chosen at once and uploaded side by side to the
 * image host. `uploading` keeps Post disabled until every photo is stored (issue 15 item 1: a post
 * never leaves without a photo the member chose).
 */
export function usePhotoUploads() {
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<ComposerPhoto[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const uploads = useRef(new Map<string, AbortController>());
  const count = useRef(0);

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const change = useCallback((key: string, update: Partial<ComposerPhoto>) => {
    setPhotos((list) => list.map((photo) => (photo.key === key ? { ...photo, ...update } : photo)));
  }, []);

  async function upload(photo: ComposerPhoto, file: File) {
    const controller = new AbortController();
    uploads.current.set(photo.key, controller);
    try {
      const host = await queryClient.fetchQuery(imageConfigQueryOptions());
      const image = await uploadImage(host, {
        file,
        fileName: file.name,
        signal: controller.signal,
        onProgress: (percent) => !controller.signal.aborted && change(photo.key, { percent }),
      });
      if (!controller.signal.aborted) change(photo.key, { percent: 100, path: image.filePath });
    } catch (failure) {
      if (!isAbortError(failure) && !controller.signal.aborted) change(photo.key, { error: formErrorText(failure) });
    } finally {
      uploads.current.delete(photo.key);
    }
  }

  /** Adds the chosen files, up to the limit; too big or not an image are named, not sent. */
  function add(files: File[]) {
    setNotice(null);
    const room = POST_PHOTOS_MAX - count.current;
    if (files.length > room) setNotice(TOO_MANY_PHOTOS);
    const chosen: ComposerPhoto[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      if (file.type && !file.type.startsWith('image/')) {
        setNotice(`${file.name} is not an image`);
        continue;
      }
      if (file.size >= IMAGE_MAX_BYTES) {
        setNotice(IMAGE_TOO_BIG);
        continue;
      }
      nextKey += 1;
      const photo = {
        key: `photo-${nextKey}`,
        name: file.name,
        preview: objectUrl(file),
        percent: 0,
        path: null,
        error: null,
        alt: '',
      };
      chosen.push(photo);
      void upload(photo, file);
    }
    count.current += chosen.length;
    setPhotos((list) => [...list, ...chosen]);
  }

  function remove(key: string) {
    const gone = photos.find((photo) => photo.key === key);
    if (!gone) return;
    uploads.current.get(key)?.abort();
    releaseUrl(gone.preview);
    count.current -= 1;
    setPhotos((list) => list.filter((photo) => photo.key !== key));
    setNotice(null);
  }

  const describe = (key: string, alt: string) => change(key, { alt });

  function clear() {
    for (const controller of uploads.current.values()) controller.abort();
    for (const photo of photos) releaseUrl(photo.preview);
    count.current = 0;
    setPhotos([]);
    setNotice(null);
  }

  const uploading = photos.some((photo) => photo.path === null && photo.error === null);
  const failed = photos.some((photo) => photo.error !== null);
  const paths = photos.flatMap((photo) => (photo.path ? [photo.path] : []));
  // alt texts by position, beside `paths` (CreatePostRequest.photoAlts)
  const alts = photos.flatMap((photo) => (photo.path ? [photo.alt.trim()] : []));
  const full = photos.length >= POST_PHOTOS_MAX;
  /** what a new post sends of its photos: the paths, and their alt texts when any was written */
  const request = paths.length ? { photos: paths, ...(alts.some(Boolean) ? { photoAlts: alts } : {}) } : {};
  return { photos, paths, alts, request, uploading, failed, notice, full, add, remove, describe, clear };
}
