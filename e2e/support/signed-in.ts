import { expect, type APIResponse, type Page } from '@playwright/test';

/** The bearer token the web app keeps after signing in (localStorage 'token'). */
export async function tokenOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'a signed-in page holds a token').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** The JSON of a successful API answer. */
export async function ok<T>(res: APIResponse): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Resolves once this page's live connection (a websocket at /api/live) has authenticated, i.e. the
 * server answered its 'ready' frame. Call before the navigation that opens the socket.
 */
export function liveReady(page: Page) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!new URL(socket.url()).pathname.endsWith('/api/live')) return;
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"ready"')) resolve();
      });
    });
  });
}
