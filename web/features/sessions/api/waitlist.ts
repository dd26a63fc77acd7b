import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JoinWaitlistAnswer, LeaveWaitlistAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { sessionsKey } from './session-keys';

/** POST app/session/{id}/waitlist: my place in a full session's line; 409 session_not_full when a place is left to book. */
export async function joinWaitlist(sessionId: string) {
  return JoinWaitlistAnswer.parse(await api.call(`app/session/${encodeURIComponent(sessionId)}/waitlist`, {}));
}

/** POST app/session/{id}/leave-waitlist: I leave the line (a place held for me goes to the next). */
export async function leaveWaitlist(sessionId: string) {
  return LeaveWaitlistAnswer.parse(await api.call(`app/session/${encodeURIComponent(sessionId)}/leave-waitlist`, {}));
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    // on failure too: a 409 means the calendar is out of date
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
