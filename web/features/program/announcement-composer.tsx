import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircleIcon } from '@heroicons/react/24/outline';
import {
  ANNOUNCEMENT_LIMITS,
  type AnnouncementAudienceAnswer,
  AnnouncementRequest,
} from '@common/announcements/schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { formErrorText } from '@web/components/form/error-text';
import { InputField } from '@web/components/form/input-field';
import { SelectField } from '@web/components/form/select-field';
import { TextareaField } from '@web/components/form/textarea-field';
import { announcementsKey, previewAnnouncement, sendAnnouncement, sendTestAnnouncement } from './announcement-api';
import { AnnouncementPreview } from './announcement-preview';

const ALL = 'all';
type Fields = { audience: string; subject: string; body: string };
type FieldErrors = Partial<Record<'subject' | 'body' | 'audience', string>>;

export const membersText = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/**
 * The compose form of /program/announcements: to whom (all my members or one plan),
 * a subject and a Markdown body; 'Preview' shows the mail as members get it, 'Send a test to
 * yourself' mails it to me only, and 'Send to N members' asks first, then says how many it went to.
 */
export function AnnouncementComposer({ audience }: { audience: AnnouncementAudienceAnswer }) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>({ audience: ALL, subject: '', body: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<{ html: string; of: string } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const noticeId = useId();

  const tier = audience.tiers.find((t) => t._id === fields.audience);
  const reach = tier ? tier.recipientCount : audience.all;
  const audienceName = tier ? `the members of ${tier.name}` : 'all your members';
  const request = (): AnnouncementRequest | null => {
    const parsed = AnnouncementRequest.safeParse({
      tierId: tier ? tier._id : null,
      subject: fields.subject,
      body: fields.body,
    });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof FieldErrors;
      found[key] ??= issue.message;
    }
    setErrors(found);
    return null;
  };
  const edit = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setNotice(null);
  };

  async function showPreview() {
    const values = request();
    if (!values) return;
    try {
      const { html } = await previewAnnouncement(values);
      setPreview({ html, of: values.subject });
    } catch (error) {
      setNotice({ tone: 'error', text: formErrorText(error) });
    }
  }

  async function sendTest() {
    const values = request();
    if (!values) return;
    try {
      const { sentTo } = await sendTestAnnouncement(values);
      setNotice({ tone: 'ok', text: `Test sent to ${sentTo}. It can take a minute to arrive.` });
    } catch (error) {
      setNotice({ tone: 'error', text: formErrorText(error) });
    }
  }

  function askToSend() {
    if (request()) setConfirming(true);
  }

  async function send() {
    const values = request();
    if (!values) return;
    // a refusal stays in the dialog (ConfirmDialog shows it)
    const sent = await sendAnnouncement(values);
    setFields({ audience: fields.audience, subject: '', body: '' });
    setPreview(null);
    setNotice({ tone: 'ok', text: `Sent to ${membersText(sent.recipientCount)}.` });
    await queryClient.invalidateQueries({ queryKey: announcementsKey });
  }

  const options = [
    { value: ALL, label: `All my members (${membersText(audience.all)})` },
    ...audience.tiers.map((t) => ({ value: t._id, label: `${t.name} (${membersText(t.recipientCount)})` })),
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form
        aria-label="New announcement"
        className="space-y-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          askToSend();
        }}
      >
        <SelectField
          name="audience"
          label="Send to"
          value={fields.audience}
          onChange={(value) => edit({ audience: String(value ?? ALL) })}
          options={options}
          error={errors.audience}
          description="Members with an active subscription or a course they bought. Each gets it once."
        />
        <InputField
          name="subject"
          label="Subject"
          required
          value={fields.subject}
          onChange={(value) => edit({ subject: String(value ?? '') })}
          maxLength={ANNOUNCEMENT_LIMITS.subject}
          error={errors.subject}
        />
        <TextareaField
          name="body"
          label="Message"
          required
          rows={10}
          value={fields.body}
          onChange={(value) => edit({ body: value ?? '' })}
          maxLength={ANNOUNCEMENT_LIMITS.body}
          error={errors.body}
          description="Markdown: **bold**, _italic_, [a link](https://…), lists with '-'. HTML is shown as text."
        />
        {notice && (
          <p
            id={noticeId}
            role={notice.tone === 'ok' ? 'status' : 'alert'}
            className={
              notice.tone === 'ok'
                ? 'flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800'
                : 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800'
            }
          >
            {notice.tone === 'ok' && <CheckCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
            {notice.text}
          </p>
        )}
        {reach === 0 && (
          <p className="text-sm text-stone-600">
            Nobody subscribes to this plan yet, so there is no one to send it to.
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button variant="secondary" onClick={showPreview}>
            Preview
          </Button>
          <Button variant="secondary" onClick={sendTest}>
            Send a test to yourself
          </Button>
          <Button type="submit" disabled={reach === 0}>
            Send to {membersText(reach)}
          </Button>
        </div>
      </form>

      <AnnouncementPreview html={preview?.html ?? null} subject={preview?.of ?? null} />

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={send}
        tone="primary"
        title={`Send to ${membersText(reach)}?`}
        confirmLabel={`Send to ${membersText(reach)}`}
      >
        “{fields.subject.trim()}” goes to {audienceName} as a notification, and by email to everyone who has not turned
        announcement emails off. A sent announcement cannot be taken back.
      </ConfirmDialog>
    </div>
  );
}
