import { z } from 'zod';
import { api } from '@web/api/client';

const HitsAnswer = z.object({ hitCount: z.number().int() });

/** GET app/increase-content-hits/{id}: counts one opening of the item. */
export async function increaseContentHits(contentId: string): Promise<number> {
  return HitsAnswer.parse(await api.call(`app/increase-content-hits/${encodeURIComponent(contentId)}`)).hitCount;
}
