import { type SeriesScope, SeriesDeletedAnswer } from '@common/sessions/series/schemas';
import { api } from '@web/api/client';

/**
 * POST app/facilitator/session-series/{id}/delete: the session, or it and the later ones, or every
 * upcoming one; each booked member is told and refunded as for one session. Answers how many went.
 */
export async function deleteFromSeries(seriesId: string, sessionId: string, scope: SeriesScope): Promise<number> {
  const answer = await api.call(`app/facilitator/session-series/${encodeURIComponent(seriesId)}/delete`, {
    sessionId,
    scope,
  });
  return SeriesDeletedAnswer.parse(answer).deleted;
}
