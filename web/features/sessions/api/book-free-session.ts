import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { BookingAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';
import { sessionsKey } from './session-keys';

/**
 * POST app/book-free-session {sessionId}: the booked session and its meeting link; 409 with
 * SESSION_MESSAGES.alreadyBooked when someone was quicker.
 */
export async function bookFreeSession(
  sessionId: string,
  idempotencyKey?: string,
): Promise<z.infer<typeof BookingAnswer>> {
  return BookingAnswer.parse(await api.call('app/book-free-session', { sessionId }, { idempotencyKey }));
}

export function useBookFreeSession() {
  const queryClient = useQueryClient();
  // Book pressed again after a lost answer gets the booking back instead of 'already booked'
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (sessionId: string) => bookFreeSession(sessionId, intent.keyFor(sessionId)),
    onSuccess: () => intent.done(),
    // on failure too: a 409 means the calendar is out of date
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
