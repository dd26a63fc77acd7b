/// <reference lib="webworker" />
// Web Push in the service worker: a push shows its notification, a click on it opens the page it
// names, and a subscription the browser replaced is handed to the server.
import { get, set } from 'idb-keyval';
import { PUSH_ENDPOINT_STORE_KEY, readPushPayload } from '../../common/push/payload';

declare const self: ServiceWorkerGlobalScope;

/** The app's icon as the server draws it from the site's brand (GET /app-icons/{name}). */
const ICON = '/app-icons/icon-192.png';

// 'push': the server's JSON {title, body, url, tag}; every push shows a notification (the
// subscription promised userVisibleOnly), one that is not ours included
self.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json();
  } catch {
    data = undefined;
  }
  const payload = readPushPayload(data) ?? { title: 'New notification', body: '', url: '/', tag: 'notification' };
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: ICON,
      data: { url: payload.url },
    }),
  );
});

// a click opens the notification's page: in a window of the app already open (focused and taken
// there), else in a new one
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = readPushPayload({ title: '', body: '', tag: '', url: event.notification.data?.url })!.url;
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

/** The event Chromium and Firefox fire when a push service replaced the subscription. */
type SubscriptionChange = ExtendableEvent & {
  oldSubscription?: PushSubscription | null;
  newSubscription?: PushSubscription | null;
};

// the browser replaced the subscription (it expired, or the push service rotated it): subscribe
// again with the server's key where the browser did not, and tell the server which device it is,
// by the old endpoint, which stands for the device without a session
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as SubscriptionChange;
  change.waitUntil(
    (async () => {
      const oldEndpoint = change.oldSubscription?.endpoint ?? (await get<string>(PUSH_ENDPOINT_STORE_KEY));
      if (!oldEndpoint) return;
      const subscription = change.newSubscription ?? (await resubscribe());
      const res = await fetch('/api/push/resubscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ oldEndpoint, subscription: subscription.toJSON() }),
      });
      if (res.ok) await remember(subscription.endpoint);
    })(),
  );
});

/** Kept for the next change; a worker without IndexedDB then relies on the event's old subscription. */
async function remember(endpoint: string) {
  try {
    await set(PUSH_ENDPOINT_STORE_KEY, endpoint);
  } catch {
    // nothing kept
  }
}

async function resubscribe() {
  const res = await fetch('/api/push/key');
  const { publicKey } = (await res.json()) as { publicKey: string };
  const base64 = publicKey
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(publicKey.length / 4) * 4, '=');
  const key = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}
