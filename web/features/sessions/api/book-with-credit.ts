import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { BookingAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';
import { sessionsKey } from './session-keys';

/**
 * POST app/session/{id}/book-with-credit: the session booked with one of the member's session
 * credits, and its meeting link; 409 `no_credits_left` when this period's credits are spent.
 */
export async function bookWithCredit(
  sessionId: string,
  idempotencyKey?: string,
): Promise<z.infer<typeof BookingAnswer>> {
  return BookingAnswer.parse(
    await api.call(`app/session/${encodeURIComponent(sessionId)}/book-with-credit`, {}, { idempotencyKey }),
  );
}

export function useBookWithCredit() {
  const queryClient = useQueryClient();
  // pressed again after a lost answer: the same key gets the booking back, not a second credit
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (sessionId: string) => bookWithCredit(sessionId, intent.keyFor(sessionId)),
    onSuccess: () => intent.done(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
