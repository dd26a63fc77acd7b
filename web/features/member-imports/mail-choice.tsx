import type { MAIL_CHOICES } from '@common/member-imports/schemas';

export type MailChoiceValue = { mail: (typeof MAIL_CHOICES)[number]; perMinute: number; mailAt: string };

const inputClass =
  'min-h-9 rounded-lg border-0 bg-white px-3 py-1.5 text-sm text-stone-900 ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-700';

/** The welcome mail to new members: now at a pace, from a date, or none. */
export function MailChoice({ value, onChange }: { value: MailChoiceValue; onChange: (next: MailChoiceValue) => void }) {
  const option = (mail: MailChoiceValue['mail'], label: string) => (
    <label className="flex items-center gap-2 text-sm text-stone-800">
      <input
        type="radio"
        name="welcome-mail"
        value={mail}
        checked={value.mail === mail}
        onChange={() => onChange({ ...value, mail })}
        className="size-4 text-brand-700 focus:ring-brand-700"
      />
      {label}
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-stone-900">Welcome mail to new members</legend>
      <p className="text-xs text-stone-600">
        It holds a link to choose a password. Existing accounts and addresses that opted out are never mailed.
      </p>
      {option('now', 'Send now')}
      {option('scheduled', 'Send from a date and time')}
      {option('none', 'Do not send')}
      {value.mail !== 'none' && (
        <div className="flex flex-wrap gap-4 pt-1">
          <label className="flex flex-col gap-1 text-xs font-medium text-stone-600">
            Mails per minute
            <input
              type="number"
              min={1}
              max={600}
              value={value.perMinute}
              onChange={(e) => onChange({ ...value, perMinute: Number(e.target.value) || 1 })}
              className={`${inputClass} w-28`}
            />
          </label>
          {value.mail === 'scheduled' && (
            <label className="flex flex-col gap-1 text-xs font-medium text-stone-600">
              First mail at
              <input
                type="datetime-local"
                value={value.mailAt}
                onChange={(e) => onChange({ ...value, mailAt: e.target.value })}
                className={inputClass}
              />
            </label>
          )}
        </div>
      )}
    </fieldset>
  );
}
