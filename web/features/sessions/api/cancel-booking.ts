import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CancelBookingAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { sessionsKey } from './session-keys';

/** POST app/session/{id}/cancel-booking: my place ends; `refunded` says whether my payment comes back. */
export async function cancelBooking(sessionId: string) {
  return CancelBookingAnswer.parse(await api.call(`app/session/${encodeURIComponent(sessionId)}/cancel-booking`, {}));
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    // on failure too: a 404 means the calendar is out of date
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
