/**
 * What a push carries, as JSON, encrypted to the device: no more than the in-app notification
 * shows (its text and its link), so a locked phone's screen reveals nothing the bell would not.
 */
export type PushPayload = {
  title: string;
  body: string;
  /** a path in the app, opened on click */
  url: string;
  /** notifications with the same tag replace each other on the device */
  tag: string;
};

/** The payload of a push event's JSON, or null when it is not one of ours (only a path is accepted as url). */
export function readPushPayload(value: unknown): PushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  const path = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
  return { title, body, url: path, tag };
}

/**
 * Where the page keeps this browser's push endpoint for the service worker (idb-keyval's default
 * store): when the browser replaces a subscription, the worker names the old one to the server
 * (POST push/resubscribe) even where the event does not carry it.
 */
export const PUSH_ENDPOINT_STORE_KEY = 'tend-push-endpoint';
