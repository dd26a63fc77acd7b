import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SessionAnswer } from '@common/sessions/schemas';
import { callAllPages } from '@web/api/client';
import { userSessionsKey } from './session-keys';

/** GET app/user-sessions: my booked sessions that have not ended, soonest first, with their links; every page. */
export async function getUserSessions(): Promise<SessionAnswer[]> {
  return callAllPages('app/user-sessions', (body) => z.array(SessionAnswer).parse(body));
}

export const userSessionsQueryOptions = () => queryOptions({ queryKey: userSessionsKey, queryFn: getUserSessions });

export const useUserSessions = () => useQuery(userSessionsQueryOptions());
