import type { SaveSessionRequest, SessionAnswer } from '@common/sessions/schemas';
import {
  SeriesAnswer,
  type SeriesBookingSettings,
  SeriesEditAnswer,
  type SeriesRule,
  type SeriesScope,
} from '@common/sessions/series/schemas';
import { api } from '@web/api/client';

/** The session form's values with what its Repeat section adds: a rule for a new series, or a scope for a change. */
export type SeriesSave = SaveSessionRequest &
  SeriesBookingSettings & { repeat?: SeriesRule; scope?: SeriesScope; seriesId?: string };

/**
 * Saves through the series calls when the Repeat section asked for it (undefined otherwise):
 * POST app/facilitator/session-series makes a series and answers its first session;
 * POST app/facilitator/session-series/{id}/edit changes this, the following or all sessions.
 */
export async function saveThroughSeries(values: SeriesSave): Promise<SessionAnswer | undefined> {
  const { repeat, scope, seriesId, ...session } = values;
  if (repeat && !session._id) {
    const series = SeriesAnswer.parse(await api.call('app/facilitator/session-series', { ...session, repeat }));
    return series.occurrences[0];
  }
  if (scope && seriesId && session._id) {
    const answer = SeriesEditAnswer.parse(
      await api.call(`app/facilitator/session-series/${encodeURIComponent(seriesId)}/edit`, {
        ...session,
        scope,
        sessionId: session._id,
        ...(repeat && { repeat }),
      }),
    );
    if (answer.session) return answer.session;
    throw new Error('The series has no upcoming session left.');
  }
  return undefined;
}
