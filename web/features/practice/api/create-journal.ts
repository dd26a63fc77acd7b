import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JournalAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import type { JournalEntry } from './get-journal';
import { practiceKeys } from './practice-keys';

type CreateJournal = { content: string; journalText: string };

/** POST app/create-journal {journalText, content}: saves a new entry. */
export async function createJournal({ content, journalText }: CreateJournal): Promise<JournalEntry | null> {
  return JournalAnswer.parse(await api.call('app/create-journal', { journalText, content })).journalEntry;
}

export function useCreateJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJournal,
    onSuccess: (entry, { content }) => {
      if (entry) queryClient.setQueryData(practiceKeys.journal(content), entry);
    },
  });
}
