import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Where the page navigated to, shown as text so tests can read it. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

export type PageAddress = {
  /** The route pattern the page is mounted under, e.g. '/program/tier/:id'. */
  path?: string;
  /** The address the test opens, e.g. '/program/tier/7d3c…'; the path itself by default. */
  url?: string;
};

/**
 * Renders a page at `url` under `path` inside a router and a fresh query client, like the app
 * does; any other address shows where the page navigated to (`getByTestId('location')`).
 */
export function renderPage(page: ReactElement, { path = '/', url = path }: PageAddress = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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
