// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWERS } from './api/early-answers';

const LIST = {
  signedIn: ['/assets/layout-a.js', '/assets/app-shell-b.js'],
  pages: { '/': ['/assets/daily-practice-page-c.js'], '/feed': ['/assets/feed-page-d.js'] },
};

/** Runs web/boot.ts as index.html does, over a page whose head holds `list`. */
async function boot(list: unknown = LIST) {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'tend-preloads';
  data.textContent = typeof list === 'string' ? list : JSON.stringify(list);
  document.head.append(data);
  vi.resetModules();
  await import('./boot');
}

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

beforeEach(() => {
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, EARLY_ANSWERS);
});

describe("the boot script (index.html's first)", () => {
  it("preloads the signed-in layout's chunks and the page's, for a visitor with a session", async () => {
    localStorage.setItem('token', 'member-token');
    await boot();
    expect(preloaded()).toEqual(['/assets/layout-a.js', '/assets/app-shell-b.js', '/assets/daily-practice-page-c.js']);
  });

  it("preloads only the layout's on a page without its own list", async () => {
    localStorage.setItem('token', 'member-token');
    window.history.replaceState(null, '', '/messages');
    await boot();
    expect(preloaded()).toEqual(['/assets/layout-a.js', '/assets/app-shell-b.js']);
  });

  it('preloads nothing for a signed-out visitor (/login loads only its own)', async () => {
    window.history.replaceState(null, '', '/login');
    await boot();
    expect(preloaded()).toEqual([]);
  });

  it('leaves the page alone when the list cannot be read', async () => {
    localStorage.setItem('token', 'member-token');
    await boot('{not json');
    expect(preloaded()).toEqual([]);
  });

  it("asks the API for the member's home's first calls, with the zone whoami was sent with last", async () => {
    localStorage.setItem('token', 'member-token');
    localStorage.setItem(
      'timeZone',
      JSON.stringify({ zone: 'Europe/Berlin', offset: new Date().getTimezoneOffset(), checkedAt: Date.now() }),
    );
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await boot();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/app/user-sessions',
      '/api/auth/whoami?tz=Europe%2FBerlin',
    ]);
    expect(fetchMock.mock.calls[0]![1]).toEqual({
      headers: { Authorization: 'Bearer member-token', 'Content-Type': 'application/json' },
    });
    const early = (window as unknown as Record<string, { token: string; answers: object }>)[EARLY_ANSWERS];
    expect(early?.token).toBe('member-token');
    expect(Object.keys(early?.answers ?? {})).toHaveLength(2);
  });

  it('asks nothing early on another page, or signed out', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await boot();
    localStorage.setItem('token', 'member-token');
    window.history.replaceState(null, '', '/messages');
    await boot();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['on a first visit (no zone kept)', () => undefined],
    [
      'on a trip (the zone was kept at another offset)',
      () => localStorage.setItem('timeZone', JSON.stringify({ zone: 'Asia/Tokyo', offset: 12345, checkedAt: 1 })),
    ],
  ])("reads the browser's zone %s, keeps it as whoami does and asks whoami with it", async (_when, before) => {
    localStorage.setItem('token', 'member-token');
    before();
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await boot();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/app/user-sessions',
      `/api/auth/whoami?tz=${encodeURIComponent(browserZone)}`,
    ]);
    expect(JSON.parse(localStorage.getItem('timeZone')!)).toEqual({
      zone: browserZone,
      offset: new Date().getTimezoneOffset(),
      checkedAt: expect.closeTo(Date.now(), -4),
    });
  });

  it('reads and keeps the zone on any signed-in page, so the app does not read it in its first task', async () => {
    localStorage.setItem('token', 'member-token');
    window.history.replaceState(null, '', '/messages');
    await boot();
    expect(JSON.parse(localStorage.getItem('timeZone')!).zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
