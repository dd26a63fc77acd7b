// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fakePlayback, setPageHidden, fakeMediaSessionEachTest } from '@web/testing/fake-media';
import { artworkFor, connectMediaSession, type NowPlaying } from './media-session';

const lockScreen = fakeMediaSessionEachTest();

const artwork = [{ src: '/images/c/sit.png?tr=w-100', sizes: '100x100' }];

function morningSit(extra: Partial<NowPlaying> = {}): NowPlaying {
  return { title: 'Morning sit', artist: 'Mira Stone', album: 'Tend', artwork, ...extra };
}

/** A 40-minute recording connected to the session, loaded and not yet playing. */
function recording(nowPlaying: NowPlaying = morningSit()) {
  const media = document.createElement('audio');
  const playback = fakePlayback(media, 2400);
  playback.load();
  const disconnect = connectMediaSession(media, () => nowPlaying);
  return { media, playback, disconnect };
}

describe('the lock screen while an item plays (Media Session)', () => {
  it('shows nothing before playback starts, then the title, facilitator, album and artwork', async () => {
    const { media } = recording();
    expect(lockScreen.session.metadata).toBeNull();
    expect(lockScreen.session.actions()).toEqual([]);

    await media.play();
    expect(lockScreen.session.metadata).toMatchObject({
      title: 'Morning sit',
      artist: 'Mira Stone',
      album: 'Tend',
      artwork,
    });
    expect(lockScreen.session.playbackState).toBe('playing');
    expect(lockScreen.session.positions.at(-1)).toEqual({ duration: 2400, playbackRate: 1, position: 0 });
  });

  it('offers play, pause, seeking and stop, and previous/next only where the list has them', async () => {
    const alone = recording();
    await alone.media.play();
    expect(lockScreen.session.actions()).toEqual(['pause', 'play', 'seekbackward', 'seekforward', 'seekto', 'stop']);
    alone.disconnect();

    const previous = vi.fn();
    const next = vi.fn();
    const inList = recording(morningSit({ previous, next }));
    await inList.media.play();
    expect(lockScreen.session.actions()).toEqual([
      'nexttrack',
      'pause',
      'play',
      'previoustrack',
      'seekbackward',
      'seekforward',
      'seekto',
      'stop',
    ]);
    lockScreen.session.act('nexttrack');
    expect(next).toHaveBeenCalledTimes(1);
    lockScreen.session.act('previoustrack');
    expect(previous).toHaveBeenCalledTimes(1);
  });

  it('seeks back 15 s and forward 30 s, within the recording, and to a chosen place', async () => {
    const { media } = recording();
    await media.play();
    media.currentTime = 100;
    lockScreen.session.act('seekbackward');
    expect(media.currentTime).toBe(85);
    lockScreen.session.act('seekforward');
    expect(media.currentTime).toBe(115);
    lockScreen.session.act('seekbackward', { seekOffset: 5 });
    expect(media.currentTime).toBe(110);
    lockScreen.session.act('seekto', { seekTime: 2390 });
    expect(media.currentTime).toBe(2390);
    expect(lockScreen.session.positions.at(-1)).toMatchObject({ position: 2390 });
    lockScreen.session.act('seekforward');
    expect(media.currentTime).toBe(2400);
    lockScreen.session.act('seekto', { seekTime: 10 });
    lockScreen.session.act('seekbackward');
    expect(media.currentTime).toBe(0);
  });

  it('pauses and plays from the lock screen, and says which it is', async () => {
    const { media, playback } = recording();
    await media.play();
    lockScreen.session.act('pause');
    expect(playback.pause).toHaveBeenCalled();
    expect(lockScreen.session.playbackState).toBe('paused');
    // paused, the lock screen still shows the item and offers play
    expect(lockScreen.session.metadata?.title).toBe('Morning sit');
    lockScreen.session.act('play');
    await vi.waitFor(() => expect(lockScreen.session.playbackState).toBe('playing'));
  });

  it('keeps playing when the page is hidden (the screen locks)', async () => {
    const { media, playback } = recording();
    await media.play();
    setPageHidden(true);
    window.dispatchEvent(new Event('pagehide'));
    expect(playback.pause).not.toHaveBeenCalled();
    expect(media.paused).toBe(false);
    expect(lockScreen.session.playbackState).toBe('playing');
  });

  it("'stop' pauses and clears the lock screen; unmounting clears it too", async () => {
    const first = recording();
    await first.media.play();
    lockScreen.session.act('stop');
    expect(first.media.paused).toBe(true);
    expect(lockScreen.session.metadata).toBeNull();
    expect(lockScreen.session.actions()).toEqual([]);
    expect(lockScreen.session.playbackState).toBe('none');

    // playing again takes the session back; the clean-up lets it go
    await first.media.play();
    expect(lockScreen.session.metadata?.title).toBe('Morning sit');
    first.disconnect();
    expect(lockScreen.session.metadata).toBeNull();
    expect(lockScreen.session.actions()).toEqual([]);
    expect(lockScreen.session.playbackState).toBe('none');
  });

  it('belongs to the item that played last: an earlier one going away leaves it alone', async () => {
    const first = recording();
    const second = recording(morningSit({ title: 'Body scan' }));
    await first.media.play();
    await second.media.play();
    expect(lockScreen.session.metadata?.title).toBe('Body scan');
    first.disconnect();
    expect(lockScreen.session.metadata?.title).toBe('Body scan');
    expect(lockScreen.session.actions()).toContain('pause');
  });
});

describe('the artwork', () => {
  it("is the content's image in the host's widths and as uploaded", () => {
    expect(artworkFor({ image: 'c/sit.png', urlEndpoint: '/images', logoUrl: '/images/logo.png' })).toEqual([
      { src: '/images/c/sit.png?tr=w-100', sizes: '100x100' },
      { src: '/images/c/sit.png?tr=w-600', sizes: '600x600' },
      { src: '/images/c/sit.png' },
    ]);
  });

  it("is the site's logo when the item has no image, else the app's icon", () => {
    expect(artworkFor({ image: null, urlEndpoint: '/images', logoUrl: '/images/logo.png' })).toEqual([
      { src: '/images/logo.png?tr=w-100', sizes: '100x100' },
      { src: '/images/logo.png?tr=w-600', sizes: '600x600' },
      { src: '/images/logo.png' },
    ]);
    expect(artworkFor({ image: null, urlEndpoint: '/images', logoUrl: '' })).toEqual([
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ]);
  });
});
