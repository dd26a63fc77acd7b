// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MediaPlayer } from '../media-player';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPlayer(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

/** Answers GET app/get-signed-url per key: the media and its captions each get their own URL. */
function answerSignedUrls(answers: Record<string, { status: number; body: unknown }>) {
  const fetchMock = vi.fn(async (url: string) => {
    const key = decodeURIComponent(url.split('/').pop() ?? '');
    const answer = answers[key] ?? { status: 404, body: { error: 'file_not_found', message: 'File not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const video = { status: 200, body: { signedUrl: '/api/files/v.webm?exp=1&sig=v', contentType: 'video/webm' } };
const audio = { status: 200, body: { signedUrl: '/api/files/a.wav?exp=1&sig=a', contentType: 'audio/wav' } };
const vtt = { status: 200, body: { signedUrl: '/api/files/c.vtt?exp=1&sig=c', contentType: 'text/vtt' } };

describe('captions and transcripts in the player', () => {
  it('gives a video a default captions track from the captions’ own signed URL', async () => {
    const fetchMock = answerSignedUrls({ 'v.webm': video, 'c.vtt': vtt });
    const { container } = renderPlayer(<MediaPlayer fileKey="v.webm" captions="c.vtt" title="Flow" />);
    await waitFor(() => expect(container.querySelector('track')).not.toBeNull());
    const track = container.querySelector('video > track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('src')).toBe('/api/files/c.vtt?exp=1&sig=c');
    expect(track.getAttribute('srclang')).toBe('en');
    expect(track.getAttribute('label')).toBe('Captions');
    expect(track.hasAttribute('default')).toBe(true);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/app/get-signed-url/c.vtt');
  });

  it('plays audio with captions in a <video> element so the captions show', async () => {
    answerSignedUrls({ 'a.wav': audio, 'c.vtt': vtt });
    const { container } = renderPlayer(<MediaPlayer fileKey="a.wav" captions="c.vtt" title="Tone" />);
    await waitFor(() => expect(container.querySelector('video > track[kind="captions"]')).not.toBeNull());
    expect(container.querySelector('audio')).toBeNull();
    expect(container.querySelector('video')?.getAttribute('src')).toBe('/api/files/a.wav?exp=1&sig=a');
  });

  it('plays the media without captions when their URL is refused', async () => {
    answerSignedUrls({ 'v.webm': video, 'c.vtt': { status: 403, body: { error: 'file_access_denied' } } });
    const { container } = renderPlayer(<MediaPlayer fileKey="v.webm" captions="c.vtt" />);
    await waitFor(() => expect(container.querySelector('video')).not.toBeNull());
    expect(container.querySelector('track')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // jsdom has no keyboard activation for <summary>: Enter and Space are proved in Chromium (e2e)
  it('puts the transcript behind a Transcript disclosure that Tab reaches', async () => {
    answerSignedUrls({ 'a.wav': audio });
    renderPlayer(<MediaPlayer fileKey="a.wav" title="Tone" transcript={'Breathe in.\nBreathe out.'} />);
    const summary = screen.getByText('Transcript');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(summary.closest('summary'));
    await user.click(summary);
    await waitFor(() => expect(details.open).toBe(true));
    expect(details.textContent).toContain('Breathe in.\nBreathe out.');
  });

  it('uses an image’s alt text, else its title', async () => {
    answerSignedUrls({ 'p.png': { status: 200, body: { signedUrl: '/api/files/p.png', contentType: 'image/png' } } });
    renderPlayer(<MediaPlayer fileKey="p.png" title="Altar" alt="A candle on a wooden floor" />);
    expect(await screen.findByRole('img', { name: 'A candle on a wooden floor' })).toBeTruthy();
    cleanup();
    renderPlayer(<MediaPlayer fileKey="p.png" title="Altar" alt="  " />);
    expect(await screen.findByRole('img', { name: 'Altar' })).toBeTruthy();
  });
});
