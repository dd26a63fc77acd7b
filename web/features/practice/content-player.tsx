import type { ContentAnswer } from '@common/content/schemas';
import { useBrand } from '@web/components/brand';
import { useImageConfig } from '@web/components/images/use-image-config';
import { artworkFor, type NowPlaying } from '@web/components/media/media-session';
import { MediaPlayer } from '@web/components/media-player';
import { usePlaybackPlace } from './api/playback-position';

/**
 * The list an item was opened from (today's practice, a course): the lock screen's previous and
 * next move through its items that play, and its name stands as the album when it has one.
 */
export type OpenedFrom = {
  items: readonly ContentAnswer[];
  /** e.g. the course's name; the site's name when none */
  name?: string;
};

/** An item with audio or video: what previous and next move between. */
export const plays = (item: ContentAnswer) =>
  Boolean(item.media) && (item.fileType === 'audio' || item.fileType === 'video');

/** The items that play just before and just after `id` in the list, if any. */
export function neighboursOf(items: readonly ContentAnswer[], id: string) {
  const at = items.findIndex((item) => item._id === id);
  if (at < 0) return { previous: undefined, next: undefined };
  return {
    previous: items.slice(0, at).findLast(plays),
    next: items.slice(at + 1).find(plays),
  };
}

type ContentPlayerProps = {
  content: ContentAnswer & { media: string };
  from?: OpenedFrom;
  /** Opens another item of the list in the same place, to play on at once. */
  onMove?: (content: ContentAnswer) => void;
  /** Play as soon as the start place is known (the item was reached with previous or next). */
  autoPlay: boolean;
};

/**
 * A practice item's media: the player with the lock screen's title, facilitator and artwork, the
 * previous and next items of the list it was opened from, and the member's place kept on the server.
 */
export function ContentPlayer({ content, from, onMove, autoPlay }: ContentPlayerProps) {
  const brand = useBrand();
  const imageHost = useImageConfig();
  const place = usePlaybackPlace(content._id);
  const { previous, next } = from && onMove ? neighboursOf(from.items, content._id) : {};
  const nowPlaying: NowPlaying = {
    title: content.title,
    artist: content.user.name,
    album: from?.name ?? brand.siteName,
    artwork: artworkFor({
      image: content.thumbnail,
      urlEndpoint: imageHost.data?.urlEndpoint,
      logoUrl: brand.logoUrl,
    }),
    previous: previous && onMove ? () => onMove(previous) : undefined,
    next: next && onMove ? () => onMove(next) : undefined,
  };
  return (
    <MediaPlayer
      fileKey={content.media}
      fileType={content.fileType}
      title={content.title}
      captions={content.captions}
      transcript={content.transcript}
      alt={content.altText}
      nowPlaying={nowPlaying}
      place={place}
      autoPlay={autoPlay}
    />
  );
}
