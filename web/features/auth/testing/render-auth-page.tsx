import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { renderPage } from '@web/testing/render-page';

/** Renders an auth page at `url` (its path is the route), like the app does. */
export function renderAuthPage(page: ReactElement, url: string) {
  return renderPage(page, { path: url.split('?')[0], url });
}

type Answer = { status: number; body?: unknown; statusText?: string };

/** Replaces global fetch: each call gets the next answer; returns the mock to read requests from. */
export function answerFetch(...answers: Answer[]) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = answers.shift() ?? { status: 500, statusText: 'No answer left' };
    return new Response(next.body === undefined ? '' : JSON.stringify(next.body), {
      status: next.status,
      statusText: next.statusText ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body of the n-th fetch call. */
export function sentBody(fetchMock: ReturnType<typeof answerFetch>, n = 0): unknown {
  return JSON.parse(String(fetchMock.mock.calls[n][1]?.body));
}
