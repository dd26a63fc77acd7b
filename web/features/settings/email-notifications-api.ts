import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EmailPreferencesAnswer } from '@common/notifications/schemas';
import type { EmailFrequency, NotificationType } from '@common/notifications/types';
import { api } from '@web/api/client';

export const emailPreferencesKey = ['email-preferences'] as const;

/** GET app/email-preferences: every notification type, its label, my frequency and its choices. */
export const useEmailPreferences = () =>
  useQuery({
    queryKey: emailPreferencesKey,
    queryFn: async () => EmailPreferencesAnswer.parse(await api.call('app/email-preferences')),
  });

/** POST app/email-preferences {type, frequency}: answers every row, which becomes the list. */
export function useSetEmailFrequency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: { type: NotificationType; frequency: EmailFrequency }) =>
      EmailPreferencesAnswer.parse(await api.call('app/email-preferences', choice)),
    onSuccess: (rows) => queryClient.setQueryData(emailPreferencesKey, rows),
  });
}
