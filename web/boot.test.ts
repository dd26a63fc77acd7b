// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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
afterEach(() => localStorage.clear());

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
});
