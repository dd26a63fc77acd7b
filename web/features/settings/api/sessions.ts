import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SessionsAnswer } from '@common/auth/schemas';
import { api } from '@web/api/client';

const sessionsKey = ['sessions'] as const;

/** GET app/sessions: my signed-in sessions, the current one first. */
export const useSessions = () =>
  useQuery({ queryKey: sessionsKey, queryFn: async () => SessionsAnswer.parse(await api.call('app/sessions')) });

/** POST app/sessions/sign-out-others, or DELETE app/sessions/{id} for one; the list is read again after. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { id: string } | 'others') => {
      if (which === 'others') await api.call('app/sessions/sign-out-others', {});
      else await api.removeOrThrow(`app/sessions/${which.id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
