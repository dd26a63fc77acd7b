// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The service worker's push handlers, run against a stand-in of the worker's global scope: what a
 * push shows, where a click goes, and what a replaced subscription tells the server.
 */
type Handler = (event: unknown) => void;
const handlers = new Map<string, Handler>();
const shown: { title: string; options: NotificationOptions }[] = [];
const windows: { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }[] = [];
const openWindow = vi.fn(async () => null);
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"status":"ok"}'));

beforeAll(async () => {
  vi.stubGlobal('self', {
    location: new URL('https://tend.example'),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
      pushManager: { subscribe: vi.fn() },
    },
    clients: { matchAll: async () => windows, openWindow },
  });
  vi.stubGlobal('fetch', fetchMock);
  await import('./push');
});
afterAll(() => vi.unstubAllGlobals());

/** Dispatches an event to the worker's handler and waits for what it asked to wait for. */
async function dispatch(type: string, fields: object) {
  let waited: Promise<unknown> = Promise.resolve();
  handlers.get(type)!({ ...fields, waitUntil: (p: Promise<unknown>) => (waited = p) });
  await waited;
}

describe('the service worker and Web Push', () => {
  it("shows a push's title and text, tagged, with the app's icon and its page to open", async () => {
    const payload = {
      title: 'New message',
      body: 'New message from Ana.',
      url: '/messages?with=a1',
      tag: 'message:a1',
    };
    await dispatch('push', { data: { json: () => payload } });
    expect(shown.at(-1)).toEqual({
      title: 'New message',
      options: {
        body: 'New message from Ana.',
        tag: 'message:a1',
        icon: '/app-icons/icon-192.png',
        data: { url: '/messages?with=a1' },
      },
    });
  });

  it('still shows a notification for a push that is not ours, and never a link off the site', async () => {
    await dispatch('push', {
      data: { json: () => ({ title: 'x', body: 'y', tag: 'z', url: 'https://evil.example/' }) },
    });
    expect(shown.at(-1)!.options.data).toEqual({ url: '/' });
    await dispatch('push', { data: null });
    expect(shown.at(-1)!.title).toBe('New notification');
  });

  it("on a click, takes an open window of the app to the notification's page, or opens one", async () => {
    const close = vi.fn();
    const appWindow = { url: 'https://tend.example/feed', focus: vi.fn(), navigate: vi.fn(async () => null) };
    appWindow.focus.mockResolvedValue(appWindow);
    windows.push(appWindow);
    await dispatch('notificationclick', { notification: { close, data: { url: '/post/p1' } } });
    expect(close).toHaveBeenCalled();
    expect(appWindow.focus).toHaveBeenCalled();
    expect(appWindow.navigate).toHaveBeenCalledWith('https://tend.example/post/p1');
    expect(openWindow).not.toHaveBeenCalled();

    windows.length = 0;
    await dispatch('notificationclick', { notification: { close, data: { url: '/profile' } } });
    expect(openWindow).toHaveBeenCalledWith('https://tend.example/profile');
  });

  it('tells the server the old endpoint and the new subscription when the browser replaced it', async () => {
    const fresh = {
      endpoint: 'https://push.example/new',
      toJSON: () => ({ endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' } }),
    };
    await dispatch('pushsubscriptionchange', {
      oldSubscription: { endpoint: 'https://push.example/old' },
      newSubscription: fresh,
    });
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/push/resubscribe');
    expect(JSON.parse(String(init!.body))).toEqual({
      oldEndpoint: 'https://push.example/old',
      subscription: { endpoint: 'https://push.example/new', keys: { p256dh: 'p', auth: 'a' } },
    });
  });
});
