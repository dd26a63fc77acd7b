import { queryOptions, useQuery } from '@tanstack/react-query';
import { SessionCreditsAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';

/** GET app/user/session-credits: my subscriptions whose tiers include live session credits, with what is left. */
export async function getSessionCredits(): Promise<SessionCreditsAnswer> {
  return SessionCreditsAnswer.parse((await api.call('app/user/session-credits')) ?? []);
}

export const sessionCreditsQueryOptions = () =>
  queryOptions({ queryKey: ['subscriptions', 'session-credits'], queryFn: getSessionCredits });

export const useSessionCredits = () => useQuery(sessionCreditsQueryOptions());
