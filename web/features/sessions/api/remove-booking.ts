import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RemoveBookingAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { sessionsKey } from './session-keys';

/** POST app/facilitator/sessions/{id}/remove-booking {memberId}: the member's place ends, refunded if paid. */
export async function removeBooking(input: { sessionId: string; memberId: string }) {
  return RemoveBookingAnswer.parse(
    await api.call(`app/facilitator/sessions/${encodeURIComponent(input.sessionId)}/remove-booking`, {
      memberId: input.memberId,
    }),
  );
}

export function useRemoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
