import { queryOptions, useQuery } from '@tanstack/react-query';
import { OwnerSetupAnswer } from '@common/setup/schemas';
import { api, ApiError } from '@web/api/client';

/** 'open': show the form; 'closed': a wrong link, or the owner exists (the server does not say which). */
export type OwnerSetupState = 'open' | 'closed';

/** GET setup/owner?token=: 404 is an answer here (the link cannot be used), not a failure. */
export async function getOwnerSetup(token: string): Promise<OwnerSetupState> {
  try {
    OwnerSetupAnswer.parse(await api.call(`setup/owner?token=${encodeURIComponent(token)}`));
    return 'open';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'closed';
    throw error;
  }
}

export const ownerSetupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['owner-setup', token],
    queryFn: () => getOwnerSetup(token),
    // asked once per visit: the answer changes only when someone creates the owner
    staleTime: Infinity,
    retry: false,
  });

export const useOwnerSetup = (token: string) => useQuery(ownerSetupQueryOptions(token));
