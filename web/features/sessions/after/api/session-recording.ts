import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ContentAnswer, type SaveContentRequest } from '@common/content/schemas';
import { AppAnswer } from '@common/practice/schemas';
import { type AttachRecordingRequest, SessionRecordingAnswer } from '@common/sessions/recording/schemas';
import { SessionListAnswer } from '@common/sessions/schemas';
import { api, removeOrThrow } from '@web/api/client';
import { sessionsKey } from '../../api/session-keys';

const recordingKey = (sessionId: string) => [...sessionsKey, 'recording', sessionId] as const;
const path = (sessionId: string) => `app/facilitator/sessions/${encodeURIComponent(sessionId)}/recording`;

/** GET app/facilitator/sessions/{id}/recording: the attached recording, or null. */
export async function getRecording(sessionId: string) {
  return SessionRecordingAnswer.parse(await api.call(path(sessionId))).recording;
}
export const useRecording = (sessionId: string) =>
  useQuery({ queryKey: recordingKey(sessionId), queryFn: () => getRecording(sessionId) });

/** GET app: the facilitator's own content items and tiers (what a recording may be, and be shared with). */
export const useOwnProgram = () =>
  useQuery({ queryKey: [...sessionsKey, 'own-program'], queryFn: async () => AppAnswer.parse(await api.call('app')) });

/** A recording to attach: an item of theirs, or a new one made from an upload (POST app/content, as the content form). */
export type RecordingChoice = Omit<AttachRecordingRequest, 'contentId'> &
  ({ contentId: string } | { create: Pick<SaveContentRequest, 'title' | 'media' | 'tiers'> });

/** PUT app/facilitator/sessions/{id}/recording, after creating the item when asked to. */
export async function attachRecording(sessionId: string, choice: RecordingChoice) {
  const { series, tierId } = choice;
  const contentId =
    'contentId' in choice
      ? choice.contentId
      : ContentAnswer.parse(
          await api.call('app/content', {
            ...choice.create,
            description: '',
            contentType: 'informational',
            inPostQueue: false,
            postNow: false,
          } satisfies SaveContentRequest),
        )._id;
  return SessionRecordingAnswer.parse(await api.call(path(sessionId), { contentId, series, tierId }, { method: 'PUT' }))
    .recording;
}

export function useAttachRecording(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: RecordingChoice) => attachRecording(sessionId, choice),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** DELETE app/facilitator/sessions/{id}/recording: the bookers' extra access ends; the item stays. */
export function useDetachRecording(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeOrThrow(path(sessionId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** GET app/user/recorded-sessions: my ended sessions with a recording to watch, newest first. */
export async function getRecordedSessions() {
  return SessionListAnswer.parse(await api.call('app/user/recorded-sessions'));
}
export const useRecordedSessions = () =>
  useQuery({ queryKey: [...sessionsKey, 'recorded'], queryFn: getRecordedSessions });
