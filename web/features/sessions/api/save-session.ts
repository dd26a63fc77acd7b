import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SessionAnswer, type SaveSessionRequest } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { saveThroughSeries, type SeriesSave } from '../series/series-save';
import { sessionsKey } from './session-keys';

/**
 * POST app/facilitator/sessions creates; POST app/facilitator/sessions/{id} edits, with `_id` in
 * the body too. Facilitators only. A repeating session or a change to a series goes through the
 * series calls (series/series-save.ts).
 */
export async function saveSession(values: SaveSessionRequest): Promise<SessionAnswer> {
  const series = await saveThroughSeries(values as SeriesSave);
  if (series) return series;
  const path = values._id ? `app/facilitator/sessions/${encodeURIComponent(values._id)}` : 'app/facilitator/sessions';
  return SessionAnswer.parse(await api.call(path, values));
}

export function useSaveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
