import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

/** Where the page navigated to, shown as text so tests can read it. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders an auth page at `url` inside a router and a query client, like the app does. */
export function renderAuthPage(page: ReactElement, url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const path = url.split('?')[0];
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), queryClient };
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
