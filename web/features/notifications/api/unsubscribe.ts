import { useQuery } from '@tanstack/react-query';
import { UnsubscribeAnswer } from '@common/notifications/schemas';
import { api } from '@web/api/client';

/**
 * POST unsubscribe?token=: turns off the one kind of mail the signed link names (no session
 * needed). Asked once per visit, as the page opens; doing it again changes nothing.
 */
export const unsubscribe = async (token: string) =>
  UnsubscribeAnswer.parse(await api.call(`unsubscribe?token=${encodeURIComponent(token)}`, {}));

export const useUnsubscribe = (token: string) =>
  useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => unsubscribe(token),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
