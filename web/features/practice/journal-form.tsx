import { CreateJournalRequest } from '@common/practice/schemas';
import { Form } from '@web/components/form/form';
import { TextareaField } from '@web/components/form/textarea-field';
import { Spinner } from '@web/components/spinner';
import { dateText, timeText } from '@web/components/dates';
import { useCreateJournal } from './api/create-journal';
import { useJournal } from './api/get-journal';

const JournalValues = CreateJournalRequest.pick({ journalText: true });
type JournalValues = { journalText: string };

/** Journal content gets a text area with a Submit button; the latest entry loads first. */
export function JournalForm({ contentId }: { contentId: string }) {
  const journal = useJournal(contentId);
  const { mutateAsync: createJournal } = useCreateJournal();

  if (journal.isPending) return <Spinner label="Loading your journal entry" className="size-5 text-brand-700" />;

  const latest = journal.data ?? null;
  return (
    <Form<JournalValues, JournalValues>
      aria-label="Journal"
      schema={JournalValues}
      defaultValues={{ journalText: latest?.text ?? '' }}
      canSubmit={(values) => (values.journalText ?? '').trim() !== ''}
      onSubmit={({ journalText }) => createJournal({ content: contentId, journalText })}
      successText="Your journal entry is saved."
      className="space-y-3"
    >
      <TextareaField
        name="journalText"
        label="Your journal entry"
        rows={6}
        maxLength={20_000}
        description={latest ? <SavedAt createdAt={latest.createdAt} /> : 'Only you can see your journal.'}
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
