import { useEffect, useRef } from 'react';
import { IMAGE_SIZES, imageUrl } from '@common/uploads/image-sizes';

/**
 * The Media Session: what the phone's lock screen, the notification shade and headphone buttons
 * show and control while an item plays. Chromium, Safari and Firefox have it; where it is missing
 * nothing here runs.
 */

/** How far the back and forward buttons jump, on the lock screen and beside the player. */
export const SEEK_BACK_SECONDS = 15;
export const SEEK_FORWARD_SECONDS = 30;

/** What plays, as the lock screen shows it, and the items around it in the list it came from. */
export type NowPlaying = {
  title: string;
  /** the facilitator */
  artist: string;
  /** the site's name, or the course the item belongs to */
  album: string;
  artwork: MediaImage[];
  /** The item before this one (lock-screen 'previous track'); none hides the button. */
  previous?: () => void;
  /** The item after this one (lock-screen 'next track'); none hides the button. */
  next?: () => void;
};

type ArtworkSource = {
  /** the content's image, a stored path on the image host */
  image: string | null | undefined;
  /** where the image host serves from (GET image-config); undefined while it is asked for */
  urlEndpoint: string | undefined;
  /** the site's logo URL ('' when none is set) */
  logoUrl: string;
};

/**
 * The lock screen's artwork: the content's image in the widths the image host makes (100 and
 * 600 px) and as uploaded, else the site's logo the same way, else the app's icon. The sizes are
 * the widths squared: the lock screen crops to a square whatever the height.
 */
export function artworkFor({ image, urlEndpoint, logoUrl }: ArtworkSource): MediaImage[] {
  const sized = (url: (size?: keyof typeof IMAGE_SIZES) => string): MediaImage[] => [
    { src: url('xs'), sizes: `${IMAGE_SIZES.xs}x${IMAGE_SIZES.xs}` },
    { src: url('sm'), sizes: `${IMAGE_SIZES.sm}x${IMAGE_SIZES.sm}` },
    { src: url() },
  ];
  if (image && urlEndpoint !== undefined) return sized((size) => imageUrl(urlEndpoint, image, size));
  if (logoUrl) return sized((size) => (size ? `${logoUrl}?tr=w-${IMAGE_SIZES[size]}` : logoUrl));
  return [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }];
}

/** Moves the element's place by `seconds` (negative: back), within the recording. */
export function seekBy(media: HTMLMediaElement, seconds: number) {
  const end = Number.isFinite(media.duration) ? media.duration : Number.POSITIVE_INFINITY;
  media.currentTime = Math.min(end, Math.max(0, media.currentTime + seconds));
}

const mediaSession = (): MediaSession | undefined =>
  typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : undefined;

const ACTIONS: MediaSessionAction[] = [
  'play',
  'pause',
  'seekbackward',
  'seekforward',
  'seekto',
  'previoustrack',
  'nexttrack',
  'stop',
];

/** A browser that does not know an action throws on it: that action is simply left out. */
function setHandler(session: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // not supported here
  }
}

/** The element whose item the session shows now: one page plays one item at a time. */
let owner: HTMLMediaElement | null = null;

/** Tells the lock screen where playback is, so its progress bar and seeking follow the element. */
function updatePosition(session: MediaSession, media: HTMLMediaElement) {
  if (!session.setPositionState || !Number.isFinite(media.duration) || media.duration <= 0) return;
  try {
    session.setPositionState({
      duration: media.duration,
      playbackRate: media.playbackRate || 1,
      position: Math.min(media.currentTime, media.duration),
    });
  } catch {
    // a state the browser refuses (a rate of 0 on some) leaves its last one standing
  }
}

/** Ends the session this element holds: no metadata, no handlers, nothing playing. */
function release(session: MediaSession, media: HTMLMediaElement) {
  if (owner !== media) return;
  owner = null;
  for (const action of ACTIONS) setHandler(session, action, null);
  session.metadata = null;
  session.playbackState = 'none';
}

/**
 * Connects a media element to the Media Session: when it plays it takes the session (metadata,
 * the actions, the playback state and position), pausing keeps it (the lock screen still offers
 * play), the 'stop' action and the returned clean-up end it. Nothing here pauses on a hidden page:
 * playback goes on with the screen locked.
 */
export function connectMediaSession(media: HTMLMediaElement, nowPlaying: () => NowPlaying | undefined): () => void {
  const session = mediaSession();
  if (!session) return () => undefined;

  const claim = () => {
    const playing = nowPlaying();
    if (!playing) return;
    owner = media;
    session.metadata = new MediaMetadata({
      title: playing.title,
      artist: playing.artist,
      album: playing.album,
      artwork: playing.artwork,
    });
    setHandler(session, 'play', () => void media.play().catch(() => undefined));
    setHandler(session, 'pause', () => media.pause());
    setHandler(session, 'seekbackward', (details) => seekBy(media, -(details.seekOffset ?? SEEK_BACK_SECONDS)));
    setHandler(session, 'seekforward', (details) => seekBy(media, details.seekOffset ?? SEEK_FORWARD_SECONDS));
    setHandler(session, 'seekto', (details) => {
      if (details.seekTime === undefined) return;
      if (details.fastSeek && typeof media.fastSeek === 'function') media.fastSeek(details.seekTime);
      else media.currentTime = details.seekTime;
      updatePosition(session, media);
    });
    // the handlers read the latest list, so an item that moved in it still finds its neighbours
    setHandler(session, 'previoustrack', playing.previous ? () => nowPlaying()?.previous?.() : null);
    setHandler(session, 'nexttrack', playing.next ? () => nowPlaying()?.next?.() : null);
    setHandler(session, 'stop', () => {
      media.pause();
      release(session, media);
    });
  };

  const onPlay = () => {
    if (owner !== media) claim();
    if (owner !== media) return;
    session.playbackState = 'playing';
    updatePosition(session, media);
  };
  const onPause = () => {
    if (owner !== media) return;
    session.playbackState = 'paused';
    updatePosition(session, media);
  };
  const onPositionChange = () => {
    if (owner === media) updatePosition(session, media);
  };

  const positionEvents = ['seeked', 'ratechange', 'durationchange', 'loadedmetadata'] as const;
  media.addEventListener('play', onPlay);
  media.addEventListener('pause', onPause);
  for (const event of positionEvents) media.addEventListener(event, onPositionChange);
  // connected while already playing (the item's details changed): take the session again now
  if (!media.paused) onPlay();

  return () => {
    media.removeEventListener('play', onPlay);
    media.removeEventListener('pause', onPause);
    for (const event of positionEvents) media.removeEventListener(event, onPositionChange);
    release(session, media);
  };
}

/**
 * Keeps `media` connected to the Media Session with what `nowPlaying` says, for as long as the
 * component is mounted. It connects again when the shown details or the presence of a previous or
 * next item change; the handlers always call the latest callbacks.
 */
export function useMediaSession(media: HTMLMediaElement | null, nowPlaying: NowPlaying | undefined) {
  const latest = useRef(nowPlaying);
  useEffect(() => {
    latest.current = nowPlaying;
  });
  const details = nowPlaying
    ? JSON.stringify([
        nowPlaying.title,
        nowPlaying.artist,
        nowPlaying.album,
        nowPlaying.artwork,
        Boolean(nowPlaying.previous),
        Boolean(nowPlaying.next),
      ])
    : undefined;
  useEffect(() => {
    if (!media || details === undefined) return;
    return connectMediaSession(media, () => latest.current);
  }, [media, details]);
}
