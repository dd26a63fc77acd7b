import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedJournalAnswer } from '@common/practice/schemas';
import { sendOrQueue } from '../offline/queued-practice';
import type { JournalEntry } from './get-journal';
import { practiceKeys } from './practice-keys';

type CreateJournal = { content: string; title: string; journalText: string };

/** A journal entry and whether it reached the server or waits in the offline queue. */
export type JournalSaved = { entry: JournalEntry; queued: boolean };

/**
 * POST app/create-journal {journalText, content}: saves a new entry, through the offline queue
 * (with an Idempotency-Key, so a retried entry is written once). Offline it is kept on the device
 * and shown as the latest entry until it is sent.
 */
export async function createJournal({ content, title, journalText }: CreateJournal): Promise<JournalSaved> {
  const result = await sendOrQueue({ kind: 'journal', contentId: content, title, text: journalText });
  if (result.sent) return { entry: CreatedJournalAnswer.parse(result.answer).journalEntry, queued: false };
  const { key, queuedAt } = result.queued;
  return { entry: { _id: key, text: journalText, createdAt: queuedAt }, queued: true };
}

export function useCreateJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    // offline the write goes to the offline queue: never held back as a paused mutation
    networkMode: 'always',
    mutationFn: createJournal,
    onSuccess: ({ entry }, { content }) => queryClient.setQueryData(practiceKeys.journal(content), entry),
  });
}
