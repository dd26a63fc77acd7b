import { useCallback, useEffect, useRef, useState } from 'react';

/** A place in a recording, in seconds as the media element counts them. */
export type PlaybackPlace = { position: number; duration: number };

/**
 * Where a player keeps the member's place in what it plays; the feature that owns the item
 * decides where (features/practice keeps it on the server, so it follows the member to any device).
 */
export type PlaceKeeper = {
  /** Where to start: undefined while it is being looked up, 0 for the beginning. */
  resumeAt: number | undefined;
  /** Keeps a place; `leaving` while the page is hidden or unloaded (the request must outlive it). */
  save: (place: PlaybackPlace, leaving: boolean) => void;
};

/** While playing, the place is saved this often; pausing, seeking while paused and leaving save at once. */
export const SAVE_EVERY_MS = 10_000;
/** A move smaller than this is not worth a save. */
const UNCHANGED_SECONDS = 0.5;
/** HTMLMediaElement.HAVE_METADATA: the duration is known and the element can seek. */
const HAVE_METADATA = 1;

/**
 * Starts `media` where the keeper says the member stopped, and keeps their place as they listen:
 * every 10 s while playing, on pause, on a seek while paused, when the page is hidden (the screen
 * locks: playback goes on, the place is sent with a request that outlives the page) or unloaded,
 * and when the player goes away. Nothing is saved before the start place is applied, so opening
 * an item and closing it again never overwrites the place kept from another device.
 *
 * `autoPlay` starts playback once the start place is applied (an item reached with 'next' on the
 * lock screen goes on playing). Answers where it resumed (null when it started at the beginning)
 * and `startOver`, which goes back to 0.
 */
export function useKeptPlace(media: HTMLMediaElement | null, keeper: PlaceKeeper | undefined, autoPlay = false) {
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  // the element the start place was applied to (audio shown with captions moves to a <video>)
  const startedOn = useRef<HTMLMediaElement | null>(null);
  const lastSaved = useRef<number | null>(null);
  const lastSaveAt = useRef(0);
  const latestKeeper = useRef(keeper);
  useEffect(() => {
    latestKeeper.current = keeper;
  });

  const keeps = keeper !== undefined;
  const startAt = keeps ? keeper.resumeAt : 0;
  useEffect(() => {
    if (!media || startedOn.current === media || startAt === undefined) return;
    const start = () => {
      if (startedOn.current === media || media.readyState < HAVE_METADATA) return;
      startedOn.current = media;
      lastSaved.current = media.currentTime;
      // the member may have pressed play and moved on before the place arrived: leave them there
      if (startAt > 0 && media.currentTime < 1 && startAt < media.duration) {
        // noted first: the seek to it is not a move of the member's
        lastSaved.current = startAt;
        media.currentTime = startAt;
        setResumedAt(startAt);
      }
      if (autoPlay) media.play().catch(() => undefined);
    };
    start();
    media.addEventListener('loadedmetadata', start);
    return () => media.removeEventListener('loadedmetadata', start);
  }, [media, startAt, autoPlay]);

  useEffect(() => {
    if (!media || !keeps) return;
    const save = (leaving: boolean) => {
      const duration = media.duration;
      if (startedOn.current !== media || !Number.isFinite(duration) || duration <= 0) return;
      const position = Math.min(media.currentTime, duration);
      if (lastSaved.current !== null && Math.abs(position - lastSaved.current) < UNCHANGED_SECONDS) return;
      lastSaved.current = position;
      lastSaveAt.current = Date.now();
      latestKeeper.current?.save({ position, duration }, leaving);
    };
    const onPlay = () => {
      lastSaveAt.current = Date.now();
    };
    const onTimeUpdate = () => {
      if (!media.paused && Date.now() - lastSaveAt.current >= SAVE_EVERY_MS) save(false);
    };
    const onPause = () => save(false);
    const onSeeked = () => {
      if (media.paused) save(false);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    const onPageHide = () => save(true);
    media.addEventListener('play', onPlay);
    media.addEventListener('timeupdate', onTimeUpdate);
    media.addEventListener('pause', onPause);
    media.addEventListener('seeked', onSeeked);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      media.removeEventListener('play', onPlay);
      media.removeEventListener('timeupdate', onTimeUpdate);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('seeked', onSeeked);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      save(false);
    };
  }, [media, keeps]);

  const startOver = useCallback(() => {
    if (!media) return;
    media.currentTime = 0;
    setResumedAt(null);
    media.focus();
  }, [media]);

  return { resumedAt, startOver };
}

/** A place as a clock: 12:34, or 1:02:03 past the hour. */
export function clockText(seconds: number) {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
