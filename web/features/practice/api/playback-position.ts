import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PlaybackPositionAnswer } from '@common/practice/schemas';
import { api, sendOnExit } from '@web/api/client';
import type { PlaceKeeper, PlaybackPlace } from '@web/components/media/kept-place';
import { practiceKeys } from './practice-keys';

const path = (contentId: string) => `app/playback-position/${contentId}`;

/** GET app/playback-position/{id}: where the member stopped in the item, and where it starts next. */
export async function getPlaybackPosition(contentId: string): Promise<PlaybackPositionAnswer> {
  return PlaybackPositionAnswer.parse(await api.call(path(contentId)));
}

/** PUT app/playback-position/{id}: keeps the member's place, for any device they open it on. */
export async function savePlaybackPosition(contentId: string, place: PlaybackPlace): Promise<void> {
  await api.call(path(contentId), place, { method: 'PUT' });
}

/**
 * The member's place in an item, kept on the server: the player starts where they stopped on
 * whichever device, and saves as they listen. Asked afresh each time the item opens (another device
 * may have moved it); when it cannot be read the item starts at the beginning, and a save that
 * fails is let go (the next one carries the place).
 */
export function usePlaybackPlace(contentId: string): PlaceKeeper {
  const query = useQuery({
    queryKey: practiceKeys.playbackPosition(contentId),
    queryFn: () => getPlaybackPosition(contentId),
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  const resumeAt = query.isError ? 0 : query.data?.resumeAt;
  const save = useCallback(
    (place: PlaybackPlace, leaving: boolean) => {
      if (leaving) sendOnExit(path(contentId), place, 'PUT');
      else savePlaybackPosition(contentId, place).catch(() => undefined);
    },
    [contentId],
  );
  return useMemo(() => ({ resumeAt, save }), [resumeAt, save]);
}
