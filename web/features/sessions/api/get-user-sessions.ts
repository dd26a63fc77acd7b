import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SessionAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { userSessionsKey } from './session-keys';

/** GET app/user-sessions: my booked sessions that have not ended, soonest first, with their links. */
export async function getUserSessions(): Promise<SessionAnswer[]> {
  return z.array(SessionAnswer).parse(await api.call('app/user-sessions'));
}

export const userSessionsQueryOptions = () => queryOptions({ queryKey: userSessionsKey, queryFn: getUserSessions });

export const useUserSessions = () => useQuery(userSessionsQueryOptions());
