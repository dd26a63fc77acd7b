import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SessionAnswer, type SaveSessionRequest } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { sessionsKey } from './session-keys';

/**
 * POST app/facilitator/sessions creates; POST app/facilitator/sessions/{id} edits, with `_id` in
 * the body too. Facilitators only.
 */
export async function saveSession(values: SaveSessionRequest): Promise<SessionAnswer> {
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
