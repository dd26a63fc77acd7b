import { del, set } from 'idb-keyval';
import { PUSH_ENDPOINT_STORE_KEY } from '@common/push/payload';
import type { PushSubscriptionInput } from '@common/push/schemas';

/**
 * This browser's side of Web Push: whether it can, the permission, and its subscription. The
 * service worker is registered by the app shell (web/app/service-worker.ts); this only waits for
 * `navigator.serviceWorker.ready`, never registers one.
 */

/** How long to wait for the service worker before saying notifications are not available here. */
export const WORKER_READY_TIMEOUT_MS = 5_000;

/**
 * 'supported'; 'home-screen': iOS and iPadOS give Web Push only to a site added to the Home
 * Screen and opened from there; 'unsupported': no service worker or Push API in this browser.
 */
export type PushSupport = 'supported' | 'home-screen' | 'unsupported';

export function pushSupport(): PushSupport {
  const apple =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const installed =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true;
  const can = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (apple && !installed) return 'home-screen';
  return can ? 'supported' : 'unsupported';
}

/** The permission to show notifications, as the browser holds it for this site. */
export const notificationPermission = (): NotificationPermission =>
  'Notification' in window ? Notification.permission : 'denied';

/** Asks for the permission; call only from a click (browsers refuse or punish an unasked prompt). */
export const askPermission = (): Promise<NotificationPermission> => Notification.requestPermission();

/** The service worker's registration, or null when none is ready within the timeout. */
export async function workerRegistration(timeoutMs = WORKER_READY_TIMEOUT_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A base64url VAPID public key as the bytes pushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  a !== null && a !== undefined && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

/**
 * This browser's push subscription for the server's key: the one it has, or a new one. One made
 * for another key (the server's keys were replaced) is dropped first, since a push service takes
 * pushes only from the key a subscription was made with.
 */
export async function subscribeBrowser(registration: ServiceWorkerRegistration, publicKey: string) {
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return asInput(existing);
  await existing?.unsubscribe();
  const made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return asInput(made);
}

/** Drops this browser's subscription (the server has already forgotten the device). */
export async function unsubscribeBrowser(registration: ServiceWorkerRegistration | null) {
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
  await forgetEndpoint();
}

function asInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Keeps the endpoint for the service worker (see PUSH_ENDPOINT_STORE_KEY); a browser without IndexedDB keeps nothing. */
export async function rememberEndpoint(endpoint: string) {
  try {
    await set(PUSH_ENDPOINT_STORE_KEY, endpoint);
  } catch {
    // private modes without IndexedDB: the worker then relies on the event's own old subscription
  }
}

async function forgetEndpoint() {
  try {
    await del(PUSH_ENDPOINT_STORE_KEY);
  } catch {
    // nothing was kept
  }
}
