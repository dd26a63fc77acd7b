import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { BookingAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { sessionsKey } from './session-keys';

/**
 * POST app/book-free-session {sessionId}: the booked session and its meeting link; 409 with
 * SESSION_MESSAGES.alreadyBooked when someone was quicker.
 */
export async function bookFreeSession(sessionId: string): Promise<z.infer<typeof BookingAnswer>> {
  return BookingAnswer.parse(await api.call('app/book-free-session', { sessionId }));
}

export function useBookFreeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookFreeSession,
    // on failure too: a 409 means the calendar is out of date
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
