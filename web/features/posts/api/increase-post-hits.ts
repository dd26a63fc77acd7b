import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HitsAnswer } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { updateCachedPost } from './post-cache';

/** GET app/increase-post-hits/{id}: records one view, answers the new count. */
export async function increasePostHits(id: string): Promise<number> {
  return HitsAnswer.parse(await api.call(`app/increase-post-hits/${encodeURIComponent(id)}`)).hits;
}

/** Opening a post records a hit, once per opening (not per re-render). */
export function useRecordHit(id: string) {
  const queryClient = useQueryClient();
  const recorded = useRef<string>(undefined);
  useEffect(() => {
    if (recorded.current === id) return;
    recorded.current = id;
    increasePostHits(id)
      .then((hits) => updateCachedPost(queryClient, id, (post) => ({ ...post, hits })))
      // A lost hit is not worth bothering the reader about.
      .catch(() => undefined);
  }, [id, queryClient]);
}
