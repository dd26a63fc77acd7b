import { useQueryClient } from '@tanstack/react-query';
import { setToken } from '@web/api/client';

// The session feature owns this query; features do not import each other, so the key is repeated.
const WHOAMI_KEY = ['whoami'] as const;

/** Keep the token, then make every screen ask whoami again before it trusts the cache. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return async (token?: string) => {
    if (token) setToken(token);
    await queryClient.invalidateQueries({ queryKey: WHOAMI_KEY });
  };
}
