import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PushKeyAnswer,
  type PushPreferencesRequest,
  PushSettingsAnswer,
  type PushSubscriptionInput,
} from '@common/push/schemas';
import { api } from '@web/api/client';

const pushSettingsKey = ['push-settings'] as const;

/** GET app/push: my devices (this one first, marked) and the kinds I get. */
export const usePushSettings = () =>
  useQuery({
    queryKey: pushSettingsKey,
    queryFn: async () => PushSettingsAnswer.parse(await api.call('app/push')),
  });

/** GET push/key: the server's VAPID public key, which the browser subscribes with. */
export const fetchPushKey = async () => PushKeyAnswer.parse(await api.call('push/key')).publicKey;

/** POST app/push/subscribe: this browser's subscription, for this sign-in session. */
export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscriptionInput) =>
      PushSettingsAnswer.parse(await api.call('app/push/subscribe', subscription)),
    onSuccess: (settings) => queryClient.setQueryData(pushSettingsKey, settings),
  });
}

/** DELETE app/push/devices/{id}; the list is read again after. */
export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.removeOrThrow(`app/push/devices/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushSettingsKey }),
  });
}

/** POST app/push/preferences: one change (a kind on or off, the reminder's time). */
export function useChoosePushKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PushPreferencesRequest) =>
      PushSettingsAnswer.parse(await api.call('app/push/preferences', change)),
    onSuccess: (settings) => queryClient.setQueryData(pushSettingsKey, settings),
  });
}
