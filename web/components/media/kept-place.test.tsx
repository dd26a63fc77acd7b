// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakePlayback, setPageHidden, fakeMediaSessionEachTest } from '@web/testing/fake-media';
import { MediaPlayer } from '../media-player';
import { clockText, type PlaceKeeper, SAVE_EVERY_MS } from './kept-place';
import type { NowPlaying } from './media-session';

const lockScreen = fakeMediaSessionEachTest();
let now = 1_000_000;
beforeEach(() => {
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ signedUrl: '/api/files/a.wav?sig=x', contentType: 'audio/wav' }))),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const nowPlaying: NowPlaying = { title: 'Long body scan', artist: 'Mira Stone', album: 'Tend', artwork: [] };

/** A keeper that remembers what it was asked to save. */
function keeper(resumeAt: number | undefined) {
  const saves: Array<{ position: number; duration: number; leaving: boolean }> = [];
  const place: PlaceKeeper = { resumeAt, save: (p, leaving) => saves.push({ ...p, leaving }) };
  return { place, saves };
}

function renderPlayer(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return {
    ...view,
    rerenderWith: (next: ReactNode) =>
      view.rerender(<QueryClientProvider client={queryClient}>{next}</QueryClientProvider>),
  };
}

/** The player's audio element, made to play a 40-minute recording by hand. */
async function loadedRecording() {
  const audio = (await screen.findByLabelText('Long body scan')) as HTMLAudioElement;
  const playback = fakePlayback(audio, 2400);
  act(() => playback.load());
  return { audio, playback };
}

describe("the member's place in a recording", () => {
  it("starts where they stopped and says so; 'Start over' goes back to the beginning", async () => {
    const { place, saves } = keeper(754);
    renderPlayer(<MediaPlayer fileKey="a.wav" title="Long body scan" nowPlaying={nowPlaying} place={place} />);
    const { audio } = await loadedRecording();

    expect(audio.currentTime).toBe(754);
    expect(screen.getByRole('status').textContent).toBe('Resumed at 12:34');
    expect(saves).toEqual([]); // arriving at the kept place is not a new place

    // jsdom does not focus media elements; browsers do, and the button that had focus is gone
    const focus = vi.spyOn(audio, 'focus');
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(audio.currentTime).toBe(0);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull();
    expect(focus).toHaveBeenCalled();
    // starting over while paused is a place of its own
    expect(saves).toEqual([{ position: 0, duration: 2400, leaving: false }]);
  });

  it('waits for the kept place before starting, and plays on at once when asked to', async () => {
    const waiting = keeper(undefined);
    const { rerenderWith } = renderPlayer(
      <MediaPlayer fileKey="a.wav" title="Long body scan" nowPlaying={nowPlaying} place={waiting.place} autoPlay />,
    );
    const { audio, playback } = await loadedRecording();
    expect(playback.play).not.toHaveBeenCalled();

    const known = keeper(300);
    rerenderWith(
      <MediaPlayer fileKey="a.wav" title="Long body scan" nowPlaying={nowPlaying} place={known.place} autoPlay />,
    );
    expect(audio.currentTime).toBe(300);
    expect(playback.play).toHaveBeenCalledTimes(1);
  });

  it('saves every 10 seconds while playing, on pause, and on a seek while paused', async () => {
    const { place, saves } = keeper(0);
    renderPlayer(<MediaPlayer fileKey="a.wav" title="Long body scan" nowPlaying={nowPlaying} place={place} />);
    const { audio, playback } = await loadedRecording();
    expect(screen.getByRole('status').textContent).toBe('');

    await act(() => audio.play());
    now += SAVE_EVERY_MS - 1;
    act(() => playback.advance(9.999));
    expect(saves).toEqual([]);
    now += 1;
    act(() => playback.advance(0.001));
    expect(saves).toEqual([{ position: 10, duration: 2400, leaving: false }]);

    now += 4_000;
    act(() => playback.advance(4));
    act(() => audio.pause());
    expect(saves.at(-1)).toEqual({ position: 14, duration: 2400, leaving: false });

    act(() => {
      audio.currentTime = 600;
    });
    expect(saves.at(-1)).toEqual({ position: 600, duration: 2400, leaving: false });
    expect(saves).toHaveLength(3);
  });

  it('saves with a request that outlives the page when it is hidden or left, and keeps playing', async () => {
    const { place, saves } = keeper(0);
    renderPlayer(<MediaPlayer fileKey="a.wav" title="Long body scan" nowPlaying={nowPlaying} place={place} />);
    const { audio, playback } = await loadedRecording();
    await act(() => audio.play());
    act(() => playback.advance(3));

    act(() => setPageHidden(true));
    expect(saves).toEqual([{ position: 3, duration: 2400, leaving: true }]);
    expect(audio.paused).toBe(false);
    expect(lockScreen.session.playbackState).toBe('playing');

    act(() => playback.advance(2));
    act(() => window.dispatchEvent(new Event('pagehide')));
    expect(saves.at(-1)).toEqual({ position: 5, duration: 2400, leaving: true });
    // nothing moved since: leaving again sends nothing
    act(() => window.dispatchEvent(new Event('pagehide')));
    expect(saves).toHaveLength(2);
  });

  it('saves when the player goes away, but not a place that did not move', async () => {
    const moved = keeper(120);
    const first = renderPlayer(<MediaPlayer fileKey="a.wav" title="Long body scan" place={moved.place} />);
    const { playback } = await loadedRecording();
    act(() => playback.advance(30));
    first.unmount();
    expect(moved.saves).toEqual([{ position: 150, duration: 2400, leaving: false }]);

    const still = keeper(120);
    const second = renderPlayer(<MediaPlayer fileKey="a.wav" title="Long body scan" place={still.place} />);
    await loadedRecording();
    second.unmount();
    expect(still.saves).toEqual([]);

    // closed before the kept place was known: nothing is overwritten
    const early = keeper(undefined);
    const third = renderPlayer(<MediaPlayer fileKey="a.wav" title="Long body scan" place={early.place} />);
    const { playback: unread } = await loadedRecording();
    act(() => unread.advance(5));
    third.unmount();
    expect(early.saves).toEqual([]);
  });

  it('reads places as a clock', () => {
    expect([0, 59.9, 754, 3600, 3723].map(clockText)).toEqual(['0:00', '0:59', '12:34', '1:00:00', '1:02:03']);
  });
});

describe('the back and forward buttons', () => {
  it('are named in full, reachable by keyboard, and move 15 s back and 30 s on', async () => {
    renderPlayer(<MediaPlayer fileKey="a.wav" title="Long body scan" nowPlaying={nowPlaying} />);
    const { audio } = await loadedRecording();
    const back = await screen.findByRole('button', { name: 'Back 15 seconds' });
    const forward = screen.getByRole('button', { name: 'Forward 30 seconds' });
    expect(back.textContent).toContain('15 s');

    await userEvent.click(forward);
    expect(audio.currentTime).toBe(30);
    back.focus();
    await userEvent.keyboard('{Enter}');
    expect(audio.currentTime).toBe(15);
    await userEvent.tab();
    expect(document.activeElement).toBe(forward);
  });

  it('are not there for a player without lock-screen details (a post, an upload preview)', async () => {
    renderPlayer(<MediaPlayer fileKey="a.wav" title="Long body scan" />);
    await loadedRecording();
    expect(screen.queryByRole('button', { name: 'Back 15 seconds' })).toBeNull();
    expect(lockScreen.session.metadata).toBeNull();
  });
});
