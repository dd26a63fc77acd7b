import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { JournalAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { practiceKeys } from './practice-keys';

export type JournalEntry = NonNullable<z.infer<typeof JournalAnswer>['journalEntry']>;

/** POST app/journal {content}: my latest entry for a journal item, or null. */
export async function getJournal(contentId: string): Promise<JournalEntry | null> {
  return JournalAnswer.parse(await api.call('app/journal', { content: contentId })).journalEntry;
}

export const journalQueryOptions = (contentId: string) =>
  queryOptions({ queryKey: practiceKeys.journal(contentId), queryFn: () => getJournal(contentId) });

export const useJournal = (contentId: string) => useQuery(journalQueryOptions(contentId));
