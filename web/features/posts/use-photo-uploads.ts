import { useEffect, useRef, useState } from 'react';
import { POST_PHOTOS_MAX, TOO_MANY_PHOTOS } from '@common/posts/schemas';
import { IMAGE_MAX_BYTES, IMAGE_TOO_BIG } from '@common/uploads/schemas';
import { useSendImage } from '@web/components/images/use-send-image';
import { isActive, useUploads, type UploadState } from '@web/components/uploads/use-uploads';
import type { UploadedImage } from '@web/components/images/upload-image';

/** One photo the composer holds: its upload, its preview and its alt text. */
export type ComposerPhoto = {
  key: string;
  name: string;
  /** an object URL of the chosen file, so the preview shows before the upload ends */
  preview: string | null;
  state: UploadState<UploadedImage>;
  /** the stored path once the upload is done */
  path: string | null;
  /** what the member wrote about the photo for people who cannot see it */
  alt: string;
};

const objectUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
const releaseUrl = (url: string | null | undefined) =>
  url && typeof URL.revokeObjectURL === 'function' && URL.revokeObjectURL(url);

/**
 * The composer's photos (up to 4), chosen at once and uploaded side by side to the image host.
 * `uploading` keeps Post disabled until every photo is stored, and `failed` while one failed or
 * was cancelled: a post never leaves without a photo the member chose.
 */
export function usePhotoUploads() {
  const { uploads, add: send, cancel, retry, remove: forget, clear: forgetAll } = useUploads(useSendImage());
  const [notice, setNotice] = useState<string | null>(null);
  const [alts, setAlts] = useState<Record<string, string>>({});
  const previews = useRef(new Map<string, string | null>());

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls.values()) releaseUrl(url);
    };
  }, []);

  /** Adds the chosen files, up to the limit; too big or not an image are named, not sent. */
  function add(files: File[]) {
    setNotice(null);
    const room = POST_PHOTOS_MAX - uploads.length;
    if (files.length > room) setNotice(TOO_MANY_PHOTOS);
    const chosen = files.slice(0, Math.max(0, room)).filter((file) => {
      if (file.type && !file.type.startsWith('image/')) setNotice(`${file.name} is not an image`);
      else if (file.size >= IMAGE_MAX_BYTES) setNotice(IMAGE_TOO_BIG);
      else return true;
      return false;
    });
    for (const upload of send(chosen)) previews.current.set(upload.key, objectUrl(upload.file));
  }

  function remove(key: string) {
    releaseUrl(previews.current.get(key));
    previews.current.delete(key);
    forget(key);
    setNotice(null);
  }

  const describe = (key: string, alt: string) => setAlts((all) => ({ ...all, [key]: alt }));

  function clear() {
    for (const url of previews.current.values()) releaseUrl(url);
    previews.current.clear();
    forgetAll();
    setAlts({});
    setNotice(null);
  }

  const photos: ComposerPhoto[] = uploads.map(({ key, file, state }) => ({
    key,
    name: file.name,
    preview: previews.current.get(key) ?? null,
    state,
    path: state.status === 'done' ? state.result.filePath : null,
    alt: alts[key] ?? '',
  }));
  const uploading = photos.some((photo) => isActive(photo.state));
  const failed = photos.some((photo) => photo.state.status === 'failed' || photo.state.status === 'cancelled');
  const stored = photos.filter((photo) => photo.path !== null);
  const paths = stored.map((photo) => photo.path as string);
  // alt texts by position, beside `paths` (CreatePostRequest.photoAlts)
  const altTexts = stored.map((photo) => photo.alt.trim());
  const full = photos.length >= POST_PHOTOS_MAX;
  /** what a new post sends of its photos: the paths, and their alt texts when any was written */
  const request = paths.length ? { photos: paths, ...(altTexts.some(Boolean) ? { photoAlts: altTexts } : {}) } : {};
  return { photos, paths, request, uploading, failed, notice, full, add, remove, cancel, retry, describe, clear };
}
