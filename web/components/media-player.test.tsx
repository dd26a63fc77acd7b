// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MediaPlayer, mediaKindOf } from './media-player';
import { freshFor, signedUrlExpiry } from './media/use-signed-url';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPlayer(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

function answerSignedUrl(status: number, body: unknown, statusText = '') {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('MediaPlayer', () => {
  it('plays audio through the signed URL', async () => {
    const fetchMock = answerSignedUrl(200, {
      signedUrl: '/api/media/a1?expires=1900000000&sig=x',
      contentType: 'audio/mpeg',
    });
    const { container } = renderPlayer(<MediaPlayer fileKey="media/a1.mp3" title="Morning breath" />);
    expect(screen.getByRole('status').textContent).toContain('Loading media…');
    await screen.findByLabelText('Morning breath');
    const audio = container.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe('/api/media/a1?expires=1900000000&sig=x');
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/app/get-signed-url/media%2Fa1.mp3');
  });

  it('plays video inline on phones', async () => {
    answerSignedUrl(200, { signedUrl: '/api/media/v1', contentType: 'video/mp4' });
    const { container } = renderPlayer(<MediaPlayer fileKey="v1" />);
    await screen.findByText((_, el) => el?.tagName === 'VIDEO');
    expect(container.querySelector('video')?.hasAttribute('playsinline')).toBe(true);
  });

  it('opens a PDF in a new tab', async () => {
    answerSignedUrl(200, { signedUrl: '/api/media/d1', contentType: 'application/pdf' });
    renderPlayer(<MediaPlayer fileKey="d1" title="Reading list" />);
    const link = await screen.findByRole('link', { name: 'Open Reading list (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/api/media/d1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it("shows 'Error: {message}' when the URL is refused", async () => {
    answerSignedUrl(403, { error: 'not_entitled', message: 'Join this program to open it' }, 'Forbidden');
    renderPlayer(<MediaPlayer fileKey="a1" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Join this program to open it');
  });
});

describe('what plays a file', () => {
  it('follows the content type, then the stored file type', () => {
    expect(mediaKindOf('audio/mpeg')).toBe('audio');
    expect(mediaKindOf('video/mp4; codecs=avc1')).toBe('video');
    expect(mediaKindOf('image/webp')).toBe('image');
    expect(mediaKindOf('application/pdf', 'audio')).toBe('document');
    expect(mediaKindOf('application/octet-stream', 'video')).toBe('video');
    expect(mediaKindOf(undefined)).toBe('document');
  });
});

describe('signed URL freshness', () => {
  const now = Date.UTC(2030, 0, 1, 12, 0, 0);
  it('reads the expiry from Tend and S3 URLs', () => {
    expect(signedUrlExpiry('/api/media/a?expires=1893499200')).toBe(1_893_499_200_000);
    expect(signedUrlExpiry('https://s3.example/a?X-Amz-Date=20300101T120000Z&X-Amz-Expires=900')).toBe(now + 900_000);
    expect(signedUrlExpiry('/api/media/a')).toBeUndefined();
  });

  it('refreshes a minute before expiry', () => {
    const url = 'https://s3.example/a?X-Amz-Date=20300101T120000Z&X-Amz-Expires=900';
    expect(freshFor({ signedUrl: url, contentType: 'audio/mpeg' }, now)).toBe(840_000);
  });
});
