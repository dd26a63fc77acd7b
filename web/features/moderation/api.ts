import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionAnswer,
  type ModerationActionRequest,
  ModeratorListAnswer,
  MyModerationAnswer,
  QueueAnswer,
} from '@common/moderation/schemas';
import { api, call } from '@web/api/client';

/** The queue of a group, or with no group the site-wide one (admins). */
const queuePath = (groupId?: string) =>
  groupId ? `app/group/${encodeURIComponent(groupId)}/moderation` : 'app/moderation';
export const queueKey = (groupId?: string) => ['moderation-queue', groupId ?? 'site'] as const;

export const useQueue = (groupId?: string) =>
  useQuery({
    queryKey: queueKey(groupId),
    queryFn: async () => QueueAnswer.parse(await call(queuePath(groupId))),
  });

export function useTakeAction(groupId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ caseId, input }: { caseId: string; input: ModerationActionRequest }) =>
      ActionAnswer.parse(await call(`app/moderation/case/${encodeURIComponent(caseId)}/action`, input)),
    onSuccess: () => client.invalidateQueries({ queryKey: queueKey(groupId) }),
  });
}

const moderatorsKey = (groupId: string) => ['group-moderators', groupId] as const;

export const useModerators = (groupId: string) =>
  useQuery({
    queryKey: moderatorsKey(groupId),
    queryFn: async () => ModeratorListAnswer.parse(await call(`app/group/${encodeURIComponent(groupId)}/moderators`)),
  });

export function useAppointModerator(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      ModeratorListAnswer.parse(await call(`app/group/${encodeURIComponent(groupId)}/moderators`, { userId })),
    onSuccess: (answer) => client.setQueryData(moderatorsKey(groupId), answer),
  });
}

export function useRemoveModerator(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      await api.removeOrThrow(`app/group/${encodeURIComponent(groupId)}/moderators/${encodeURIComponent(userId)}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: moderatorsKey(groupId) }),
  });
}

export const myModerationKey = ['moderation-me'] as const;
export const useMyModeration = () =>
  useQuery({
    queryKey: myModerationKey,
    queryFn: async () => MyModerationAnswer.parse(await call('app/moderation/me')),
  });
