import { addMinutes } from 'date-fns';
import type { UseFormReturn } from 'react-hook-form';
import {
  SaveSessionRequest,
  SESSION_DEFAULT_MINUTES,
  SESSION_MAX_PRICE,
  SESSION_MESSAGES,
  type SessionAnswer,
} from '@common/sessions/schemas';
import { Button } from '@web/components/button';
import { zoneText } from '@web/components/dates';
import { DateField } from '@web/components/form/date-field';
import { Form } from '@web/components/form/form';
import { InputField } from '@web/components/form/input-field';
import type { Rule } from '@web/components/form/rules';
import { TextareaField } from '@web/components/form/textarea-field';
import { useSaveSession } from './api/save-session';
import { RepeatSection } from './series/repeat-section';
import { SessionPlacesFields } from './session-places-fields';
import { formSchema } from '@web/components/form/rules';

export type SessionValues = {
  name: string;
  description: string;
  price: number | null;
  /** ISO instants; the datetime-local inputs show them in the viewer's time zone. */
  startTime: string | null;
  endTime: string | null;
  meetingUrl: string;
};

// The schema coerces its price, so zod types that input as unknown; the form holds number | null.
const schema = formSchema<SaveSessionRequest, SessionValues>(SaveSessionRequest);

// price is required; the schema would coerce an empty one to 0 (free), so ask instead.
const rules: Rule<SessionValues>[] = [
  { field: 'price', isValid: (v) => v !== null && v !== undefined && v !== '', prompt: 'Price is required' },
];

const valuesOf = (session: SessionAnswer | undefined): SessionValues => ({
  name: session?.name ?? '',
  description: session?.description ?? '',
  price: session?.price ?? null,
  startTime: session?.startTime ?? null,
  endTime: session?.endTime ?? null,
  meetingUrl: session?.meetingUrl ?? '',
});

type SessionFormProps = {
  /** The session to edit; none creates a new one. */
  session?: SessionAnswer;
  onSaved: (session: SessionAnswer) => void;
  onCancel: () => void;
};

/** Session form: name, description, price, start and end (end = start + 1 hour), meeting link. */
export function SessionForm({ session, onSaved, onCancel }: SessionFormProps) {
  const { mutateAsync: saveSession } = useSaveSession();
  return (
    <Form<SessionValues, SaveSessionRequest, SessionAnswer>
      schema={schema}
      rules={rules}
      defaultValues={valuesOf(session)}
      onSubmit={(values) => saveSession(session ? { ...values, _id: session._id } : values)}
      onSuccess={(saved) => onSaved(saved)}
      submitLabel={session ? 'Save changes' : 'Create session'}
      aria-label={session ? 'Edit session' : 'New session'}
      actions={
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      {(form) => (
        <>
          <InputField
            name="name"
            label="Name"
            required
            maxLength={120}
            placeholder="e.g. Morning breathwork, one to one"
          />
          <TextareaField
            name="description"
            label="Description"
            rows={3}
            maxLength={2000}
            placeholder="What you will do together, what to bring…"
          />
          <InputField
            name="price"
            type="number"
            label="Price (USD)"
            description="0 makes it free."
            min={0}
            max={SESSION_MAX_PRICE}
            step={0.01}
            inputMode="decimal"
            required
            className="sm:max-w-xs"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <DateField
              name="startTime"
              label="Start time"
              withTime
              required
              onChange={(start) => endAnHourAfter(form, start)}
            />
            <DateField name="endTime" label="End time" withTime required />
            <p className="text-xs text-stone-500 sm:col-span-2">Times are in your time zone ({zoneText()}).</p>
          </div>
          <RepeatSection session={session} />
          <SessionPlacesFields session={session} />
          <InputField
            name="meetingUrl"
            type="url"
            label="Meeting link"
            description={SESSION_MESSAGES.meetingUrlHint}
            required
            maxLength={500}
            placeholder="https://meet.example.com/abc"
            autoComplete="url"
          />
        </>
      )}
    </Form>
  );
}

/** Whenever the start changes, the end moves to one hour after it. */
function endAnHourAfter(form: UseFormReturn<SessionValues, unknown, SaveSessionRequest>, start: string | null) {
  if (!start) return;
  form.setValue('endTime', addMinutes(new Date(start), SESSION_DEFAULT_MINUTES).toISOString(), {
    shouldDirty: true,
    shouldValidate: form.formState.isSubmitted,
  });
}
