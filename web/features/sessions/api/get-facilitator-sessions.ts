import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SessionAnswer } from '@common/sessions/schemas';
import { callAllPages } from '@web/api/client';
import { calendarKey } from './session-keys';

export type SessionWindow = { from: string; to: string };

/**
 * GET app/facilitator/{id}/sessions?from&to: the sessions starting in
 * [from, to), sorted by start time; every page of the window (the `next-cursor` header). `id` may
 * be 'own' for the signed-in facilitator.
 */
export async function getFacilitatorSessions(
  facilitatorId: string,
  { from, to }: SessionWindow,
): Promise<SessionAnswer[]> {
  const query = new URLSearchParams({ from, to });
  // a week is shown whole: every page of it
  return callAllPages(`app/facilitator/${encodeURIComponent(facilitatorId)}/sessions?${query}`, (body) =>
    z.array(SessionAnswer).parse(body),
  );
}

export const facilitatorSessionsQueryOptions = (facilitatorId: string, window: SessionWindow) =>
  queryOptions({
    queryKey: calendarKey(facilitatorId, window.from, window.to),
    queryFn: () => getFacilitatorSessions(facilitatorId, window),
  });

export const useFacilitatorSessions = (facilitatorId: string, window: SessionWindow) =>
  useQuery(facilitatorSessionsQueryOptions(facilitatorId, window));
