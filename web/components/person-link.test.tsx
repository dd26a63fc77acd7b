// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PersonAvatarLink, PersonLink, profilePath } from './person-link';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithRouter(ui: ReactNode) {
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
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const maya = { _id: 'b5e1c0de-0000-4000-8000-000000000001', name: 'Maya Lin', profilePicture: null };

describe('PersonLink (people are reachable)', () => {
  it('is one link to the profile, named by the person, with the avatar inside', () => {
    renderWithRouter(<PersonLink person={maya} />);
    const link = screen.getByRole('link', { name: 'Maya Lin' });
    expect(link.getAttribute('href')).toBe(`/profile/${maya._id}`);
    // the initial stands in for a missing picture and is decorative
    expect(link.querySelector('[aria-hidden="true"]')?.textContent).toBe('M');
  });

  it('can show the name alone, or other content in place of the name', () => {
    renderWithRouter(
      <>
        <PersonLink person={maya} avatar={false} />
        <PersonLink person={{ ...maya, _id: 'x' }}>Maya Lin (host)</PersonLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Maya Lin' }).querySelector('[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Maya Lin (host)' }).getAttribute('href')).toBe('/profile/x');
  });

  it('the avatar-only link stays out of the tab order and the accessibility tree', () => {
    renderWithRouter(<PersonAvatarLink person={maya} />);
    expect(screen.queryByRole('link')).toBeNull();
    const link = document.querySelector('a')!;
    expect(link.getAttribute('href')).toBe(profilePath(maya._id));
    expect(link.tabIndex).toBe(-1);
  });
});
