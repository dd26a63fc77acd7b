import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom has no Media Session and its media elements do not play. These stand-ins record what the
 * page asks of `navigator.mediaSession` and move an element's clock by hand, so a test can play,
 * pause and seek without real time passing.
 */

export class FakeMediaSession {
  metadata: MediaMetadata | null = null;
  playbackState: MediaSessionPlaybackState = 'none';
  readonly handlers = new Map<MediaSessionAction, MediaSessionActionHandler>();
  readonly positions: MediaPositionState[] = [];

  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    if (handler) this.handlers.set(action, handler);
    else this.handlers.delete(action);
  }

  setPositionState(state?: MediaPositionState) {
    if (state) this.positions.push(state);
  }

  /** The actions that have a handler now, sorted. */
  actions() {
    return [...this.handlers.keys()].sort();
  }

  /** What the lock screen's button for `action` does. */
  act(action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) {
    const handler = this.handlers.get(action);
    if (!handler) throw new Error(`no handler for ${action}`);
    handler({ action, ...details });
  }
}

/** MediaMetadata as browsers keep it: the fields given, the artwork as a list. */
class FakeMediaMetadata {
  title: string;
  artist: string;
  album: string;
  artwork: readonly MediaImage[];
  constructor(init: MediaMetadataInit = {}) {
    this.title = init.title ?? '';
    this.artist = init.artist ?? '';
    this.album = init.album ?? '';
    this.artwork = init.artwork ?? [];
  }
}

/** Puts a fresh fake session on `navigator.mediaSession`; the returned function takes it away. */
function installFakeMediaSession() {
  const session = new FakeMediaSession();
  Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
  Object.defineProperty(globalThis, 'MediaMetadata', { configurable: true, writable: true, value: FakeMediaMetadata });
  const remove = () => {
    Reflect.deleteProperty(navigator, 'mediaSession');
    Reflect.deleteProperty(globalThis, 'MediaMetadata');
  };
  return { session, remove };
}

/**
 * Makes `media` behave like a loaded recording of `duration` seconds: play and pause fire their
 * events, setting the time fires 'seeked', and `advance` moves the clock as playing would.
 */
export function fakePlayback(media: HTMLMediaElement, duration: number) {
  let time = 0;
  let paused = true;
  let ready = 0;
  Object.defineProperties(media, {
    duration: { configurable: true, get: () => (ready ? duration : Number.NaN) },
    readyState: { configurable: true, get: () => ready },
    paused: { configurable: true, get: () => paused },
    playbackRate: { configurable: true, get: () => 1 },
    currentTime: {
      configurable: true,
      get: () => time,
      set: (value: number) => {
        time = value;
        media.dispatchEvent(new Event('seeked'));
      },
    },
  });
  const play = vi.fn(async () => {
    if (!paused) return;
    paused = false;
    media.dispatchEvent(new Event('play'));
  });
  const pause = vi.fn(() => {
    if (paused) return;
    paused = true;
    media.dispatchEvent(new Event('pause'));
  });
  Object.defineProperties(media, {
    play: { configurable: true, value: play },
    pause: { configurable: true, value: pause },
  });
  return {
    play,
    pause,
    /** The metadata arrives: the duration is known. */
    load() {
      ready = 1;
      media.dispatchEvent(new Event('loadedmetadata'));
    },
    /** Playback moves on by `seconds`, as a 'timeupdate' reports it. */
    advance(seconds: number) {
      time = Math.min(duration, time + seconds);
      media.dispatchEvent(new Event('timeupdate'));
    },
  };
}

/** The page is hidden (the screen locks, another app comes forward) or shown again. */
export function setPageHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Puts the document's own visibility back. */
export function resetPageVisibility() {
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(document, 'hidden');
}

/**
 * A fresh fake session on `navigator.mediaSession` for each test of the file, taken away after it
 * with the page shown again; `media.session` is the current test's.
 */
export function fakeMediaSessionEachTest() {
  let current: ReturnType<typeof installFakeMediaSession> | undefined;
  beforeEach(() => {
    current = installFakeMediaSession();
  });
  afterEach(() => {
    current?.remove();
    resetPageVisibility();
  });
  return {
    get session(): FakeMediaSession {
      if (!current) throw new Error('the fake media session exists only inside a test');
      return current.session;
    },
  };
}
