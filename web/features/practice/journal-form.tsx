import { CreateJournalRequest } from '@common/practice/schemas';
import { Form } from '@web/components/form/form';
import { TextareaField } from '@web/components/form/textarea-field';
import { Spinner } from '@web/components/spinner';
import { dateText, timeText } from '@web/components/dates';
import { useCreateJournal } from './api/create-journal';
import { useJournal } from './api/get-journal';
import { useQueuedPractice } from './offline/queued-practice';

const JournalValues = CreateJournalRequest.pick({ journalText: true });
type JournalValues = { journalText: string };

export const JOURNAL_SAVED_TEXT = 'Your journal entry is saved.';
export const JOURNAL_QUEUED_TEXT = 'Your journal entry is kept on this device and will sync when you are back online.';

/**
 * Journal content gets a text area with a Submit button; the latest entry loads first. Offline an
 * entry waits in the offline queue: it is shown as the latest, marked as not yet sent.
 */
export function JournalForm({ contentId, title }: { contentId: string; title: string }) {
  const journal = useJournal(contentId);
  const { mutateAsync: createJournal } = useCreateJournal();
  const queued = useQueuedPractice().pending.findLast((w) => w.kind === 'journal' && w.contentId === contentId);

  if (journal.isPending) return <Spinner label="Loading your journal entry" className="size-5 text-brand-700" />;

  const latest =
    queued?.kind === 'journal' ? { text: queued.text, createdAt: queued.queuedAt } : (journal.data ?? null);
  return (
    <Form<JournalValues, JournalValues>
      aria-label="Journal"
      schema={JournalValues}
      defaultValues={{ journalText: latest?.text ?? '' }}
      canSubmit={(values) => (values.journalText ?? '').trim() !== ''}
      onSubmit={({ journalText }) => createJournal({ content: contentId, title, journalText })}
      successText={queued ? JOURNAL_QUEUED_TEXT : JOURNAL_SAVED_TEXT}
      className="space-y-3"
    >
      <TextareaField
        name="journalText"
        label="Your journal entry"
        rows={6}
        maxLength={20_000}
        description={
          queued ? (
            'Kept on this device: it will sync when you are back online.'
          ) : latest ? (
            <SavedAt createdAt={latest.createdAt} />
          ) : (
            'Only you can see your journal.'
          )
        }
      />
    </Form>
  );
}

function SavedAt({ createdAt }: { createdAt: string }) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return <>Saved</>;
  return (
    <>
      Last saved {dateText(date)} at {timeText(date)}
    </>
  );
}
