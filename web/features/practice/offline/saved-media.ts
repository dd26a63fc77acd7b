import { useSyncExternalStore } from 'react';
import type { ContentAnswer } from '@common/content/schemas';
import { imageUrl, type ImageSize } from '@common/uploads/schemas';
import { memberStorage, onMemberDataForgotten } from '@web/api/member-data';
import { getImageConfig } from '@web/components/images/use-image-config';
import { getSignedUrl } from '@web/components/media/use-signed-url';
import { MEDIA_CACHE, mediaCacheKey } from '@web/sw/offline-keys';

/**
 * "Save for offline": a content item's media file, its captions and its artwork, stored in Cache
 * Storage (MEDIA_CACHE) on the member's device, and the list of what is saved (MemberStorage,
 * IndexedDB). The service worker serves a saved file from there, with range requests, online or
 * offline (web/sw/offline-media.ts). A file is stored under its upload key alone
 * (offline-keys.ts mediaCacheKey): the signed URL it was fetched through expires within the hour
 * and the next one differs, but the saved copy is still found. Artwork is a public image URL,
 * stored as it is. The list records whose it is: the app starts over when another member signs in.
 */

export type SavedItem = {
  /** The item as it was when saved: the saved items screen opens it without a connection. */
  content: ContentAnswer;
  /** The Cache Storage keys of its files (media, captions, artwork). */
  keys: string[];
  /** The bytes its files take. */
  bytes: number;
  savedAt: string;
};

/** An item removed because the member's access to it ended, until they dismiss the notice. */
export type RemovedItem = { title: string; removedAt: string };

type SavedList = { owner: string; items: SavedItem[]; removed?: RemovedItem[] };

const SAVED_KEY = 'saved-media';

/** Items with a file the worker can play: audio and video. */
export const canSaveForOffline = (content: Pick<ContentAnswer, 'media' | 'fileType'>) =>
  Boolean(content.media) && (content.fileType === 'audio' || content.fileType === 'video');

/** The artwork sizes the practice screens show (the list's thumbnails and the cards and modal). */
const ARTWORK_SIZES: ImageSize[] = ['xs', 'sm'];

/** The page's copy of the list: undefined until it is read, null when there is none. */
let saved: SavedList | null | undefined;
const listeners = new Set<() => void>();

function publish(next: SavedList | null) {
  saved = next;
  for (const listener of listeners) listener();
}

/** Reads the list again into the page's copy. */
export async function loadSaved() {
  publish((await memberStorage().read<SavedList>(SAVED_KEY)) ?? null);
}

if (typeof window !== 'undefined') {
  void loadSaved().catch(() => publish(null));
  onMemberDataForgotten(() => publish(null));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const NONE: never[] = [];

/** The items saved on this device, newest first, and those removed since; `loaded` once the list is read. */
export function useSavedItems(): { items: SavedItem[]; removed: RemovedItem[]; loaded: boolean } {
  const list = useSyncExternalStore(subscribe, () => saved);
  return { items: list?.items ?? NONE, removed: list?.removed ?? NONE, loaded: list !== undefined };
}

/** Whose saved items these are, and the items. */
export const readSaved = async () => (await memberStorage().read<SavedList>(SAVED_KEY)) ?? null;

/** Puts a fetched file in the cache under `key`, with its type and size; answers its bytes. */
async function keep(cache: Cache, key: string, url: string, contentType?: string): Promise<number> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`The file could not be downloaded (${res.status}).`);
  const headers = new Headers({ 'content-type': contentType || res.headers.get('content-type') || '' });
  const length = res.headers.get('content-length');
  if (length) headers.set('content-length', length);
  await cache.put(key, new Response(res.body, { status: 200, headers }));
  if (length && Number(length) > 0) return Number(length);
  const stored = await cache.match(key);
  return stored ? (await stored.blob()).size : 0;
}

/** A file of the item, by its upload key: fetched through a fresh signed URL, kept under the key alone. */
async function keepUpload(cache: Cache, fileKey: string) {
  const { signedUrl, contentType } = await getSignedUrl(fileKey);
  const key = mediaCacheKey(fileKey);
  return { key, bytes: await keep(cache, key, signedUrl, contentType) };
}

/** The item's artwork at the sizes shown, when the image host is this site (a CDN's images are not kept). */
async function keepArtwork(cache: Cache, thumbnail: string) {
  const { urlEndpoint } = await getImageConfig();
  const kept = [];
  for (const size of ARTWORK_SIZES) {
    const url = new URL(imageUrl(urlEndpoint, thumbnail, size), window.location.href);
    if (url.origin !== window.location.origin) continue;
    kept.push({ key: url.href, bytes: await keep(cache, url.href, url.href) });
  }
  return kept;
}

/**
 * Saves the item for offline for `owner` (the signed-in member): asks the browser to keep the
 * site's storage (navigator.storage.persist), stores its files, then records it. A failure part
 * way removes what was stored, so nothing is half saved.
 */
export async function saveForOffline(content: ContentAnswer, owner: string): Promise<SavedItem> {
  if (!canSaveForOffline(content)) throw new Error('Only audio and video can be saved for offline.');
  if (typeof caches === 'undefined') throw new Error('This browser cannot keep files for offline use.');
  void navigator.storage?.persist?.().catch(() => false);
  const cache = await caches.open(MEDIA_CACHE);
  const files: { key: string; bytes: number }[] = [];
  try {
    files.push(await keepUpload(cache, content.media!));
    if (content.captions) files.push(await keepUpload(cache, content.captions));
    // artwork is a nicety: a thumbnail that cannot be fetched does not stop the save
    if (content.thumbnail) files.push(...(await keepArtwork(cache, content.thumbnail).catch(() => [])));
  } catch (err) {
    await Promise.all(files.map((file) => cache.delete(file.key)));
    throw err;
  }
  const item: SavedItem = {
    content,
    keys: files.map((f) => f.key),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    savedAt: new Date().toISOString(),
  };
  const next = await memberStorage().change<SavedList>(SAVED_KEY, (list) => ({
    owner,
    items: [item, ...(list?.owner === owner ? list.items : []).filter((i) => i.content._id !== content._id)],
  }));
  publish(next);
  return item;
}

/**
 * Removes saved items (their files and their place in the list). A file another saved item
 * still uses (the same upload in two items) stays.
 */
export async function removeSaved(contentIds: readonly string[], { accessEnded = false } = {}) {
  const remove = new Set(contentIds);
  let gone: SavedItem[] = [];
  const removedAt = new Date().toISOString();
  const next = await memberStorage().change<SavedList | null>(SAVED_KEY, (list) => {
    if (!list) return null;
    gone = list.items.filter((i) => remove.has(i.content._id));
    const noted = accessEnded ? gone.map((i) => ({ title: i.content.title, removedAt })) : [];
    return {
      ...list,
      items: list.items.filter((i) => !remove.has(i.content._id)),
      removed: [...(list.removed ?? []), ...noted],
    };
  });
  const kept = new Set(next?.items.flatMap((i) => i.keys) ?? []);
  if (typeof caches !== 'undefined') {
    const cache = await caches.open(MEDIA_CACHE);
    await Promise.all(gone.flatMap((i) => i.keys.filter((key) => !kept.has(key)).map((key) => cache.delete(key))));
  }
  publish(next);
  return gone;
}

/** Forgets the notice of items removed because access ended. */
export async function dismissRemoved() {
  publish(
    await memberStorage().change<SavedList | null>(SAVED_KEY, (list) => (list ? { ...list, removed: [] } : null)),
  );
}

/** Removes every saved item and its files. */
export async function removeAllSaved() {
  if (typeof caches !== 'undefined') await caches.delete(MEDIA_CACHE);
  await memberStorage().change<SavedList | null>(SAVED_KEY, (list) => (list ? { ...list, items: [] } : null));
  await loadSaved();
}

/** What the browser says the site may use and uses (navigator.storage.estimate), when it says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | undefined> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!estimate || estimate.usage === undefined || estimate.quota === undefined) return undefined;
  return { usage: estimate.usage, quota: estimate.quota };
}
