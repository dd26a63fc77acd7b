// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TendImage } from './tend-image';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderImage(ui: ReactNode) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        urlEndpoint: 'https://ik.imagekit.io/tend',
        publicKey: 'pk',
        uploadUrl: 'https://upload.imagekit.io',
      }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

describe('TendImage', () => {
  it('shows the stored path from the image host, resized and lazy', async () => {
    renderImage(<TendImage path="u/ada.png" size="xs" alt="Ada" />);
    // A placeholder holds the place until the image host is known.
    await vi.waitFor(() => expect(screen.getByRole('img', { name: 'Ada' }).tagName).toBe('IMG'));
    const shown = screen.getByRole('img', { name: 'Ada' });
    expect(shown.getAttribute('src')).toBe('https://ik.imagekit.io/tend/u/ada.png?tr=w-100');
    expect(shown.getAttribute('loading')).toBe('lazy');
  });

  it('shows a neutral placeholder, or the fallback, without a path', () => {
    renderImage(
      <>
        <TendImage path={null} alt="Group picture" />
        <TendImage path="" alt="Ada" fallback={<span>A</span>} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Group picture' }).tagName).toBe('SPAN');
    expect(screen.getByText('A')).toBeTruthy();
  });

  it('falls back to the placeholder when the image cannot load', async () => {
    renderImage(<TendImage path="gone.png" alt="Thumbnail" />);
    await vi.waitFor(() => expect(screen.getByRole('img', { name: 'Thumbnail' }).tagName).toBe('IMG'));
    fireEvent.error(screen.getByRole('img', { name: 'Thumbnail' }));
    expect(screen.getByRole('img', { name: 'Thumbnail' }).tagName).toBe('SPAN');
  });
});
