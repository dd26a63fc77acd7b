import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FeedbackPromptsAnswer, type RateSessionRequest, RatedAnswer } from '@common/sessions/after/schemas';
import { api } from '@web/api/client';
import { sessionsKey } from '../../api/session-keys';

const promptsKey = [...sessionsKey, 'feedback-prompts'] as const;

/** GET app/user/feedback-prompts: the ended sessions waiting for my rating. */
export async function getFeedbackPrompts() {
  return FeedbackPromptsAnswer.parse(await api.call('app/user/feedback-prompts'));
}
export const useFeedbackPrompts = () => useQuery({ queryKey: promptsKey, queryFn: getFeedbackPrompts });

/** POST app/session/{id}/feedback: my rating, 1 to 5, with an optional comment. */
export async function rateSession(sessionId: string, body: RateSessionRequest) {
  return RatedAnswer.parse(await api.call(`app/session/${encodeURIComponent(sessionId)}/feedback`, body));
}
export function useRateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, ...body }: RateSessionRequest & { sessionId: string }) => rateSession(sessionId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsKey }),
  });
}
