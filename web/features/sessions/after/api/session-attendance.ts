import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AttendanceAnswer,
  AttendeeAnswer,
  type MarkAttendanceRequest,
  SessionFeedbackAnswer,
} from '@common/sessions/after/schemas';
import { api } from '@web/api/client';
import { sessionsKey } from '../../api/session-keys';

const attendanceKey = (sessionId: string) => [...sessionsKey, 'attendance', sessionId] as const;
const path = (sessionId: string, what: 'attendance' | 'feedback') =>
  `app/facilitator/sessions/${encodeURIComponent(sessionId)}/${what}`;

/** GET app/facilitator/sessions/{id}/attendance: the booked members, each attended, no-show or unmarked. */
export async function getAttendance(sessionId: string) {
  return AttendanceAnswer.parse(await api.call(path(sessionId, 'attendance')));
}
export const useAttendance = (sessionId: string) =>
  useQuery({ queryKey: attendanceKey(sessionId), queryFn: () => getAttendance(sessionId) });

/** POST app/facilitator/sessions/{id}/attendance: marks one member. */
export async function markAttendance(sessionId: string, body: MarkAttendanceRequest) {
  return AttendeeAnswer.parse(await api.call(path(sessionId, 'attendance'), body));
}
export function useMarkAttendance(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkAttendanceRequest) => markAttendance(sessionId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceKey(sessionId) }),
  });
}

/** GET app/facilitator/sessions/{id}/feedback: the average rating and the comments. */
export async function getSessionFeedback(sessionId: string) {
  return SessionFeedbackAnswer.parse(await api.call(path(sessionId, 'feedback')));
}
export const useSessionFeedback = (sessionId: string) =>
  useQuery({ queryKey: [...sessionsKey, 'feedback', sessionId], queryFn: () => getSessionFeedback(sessionId) });
