import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { EmailPreferenceAnswer } from '@common/notifications/schemas';
import type { EmailFrequency } from '@common/notifications/types';
import { formErrorText } from '@web/components/form/error-text';
import { LoadFailed } from '@web/components/state-panels';
import { useEmailPreferences, useSetEmailFrequency } from './email-notifications-api';
import clsx from 'clsx';

/** The anchor the footer of every notification mail links to (`/settings#email-notifications`). */
export const EMAIL_NOTIFICATIONS_ANCHOR = 'email-notifications';
export const EMAIL_NOTIFICATIONS_INTRO =
  'Choose how each kind of notification reaches you by email. You always see them in the app.';
export const FREQUENCY_TEXT: Record<EmailFrequency, string> = {
  immediately: 'Immediately',
  digest: 'Daily digest',
  off: 'Off',
};
export const SAVED_TEXT = 'Saved';
export const LOAD_FAILED_TEXT = 'We could not load your email settings.';

/**
 * Settings → Email notifications: one row per notification type with 'Immediately',
 * 'Daily digest' or 'Off' (only the choices the type offers), saved as soon as it changes.
 */
export function EmailNotificationsSection() {
  const preferences = useEmailPreferences();
  useScrollToAnchor(preferences.isSuccess);

  if (preferences.isPending) return <p className="text-sm text-stone-600">Loading your email settings…</p>;
  if (preferences.isError) return <LoadFailed message={LOAD_FAILED_TEXT} onRetry={() => void preferences.refetch()} />;
  return (
    <div>
      <p className="text-sm text-stone-600">{EMAIL_NOTIFICATIONS_INTRO}</p>
      <p className="mt-1 text-sm text-stone-600">
        The daily digest comes at 7:00 in your time zone, when there is news.
      </p>
      <ul className="mt-4 divide-y divide-stone-200" aria-label="Email notifications">
        {preferences.data.map((row) => (
          <FrequencyRow key={row.type} row={row} />
        ))}
      </ul>
    </div>
  );
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; text: string };

function FrequencyRow({ row }: { row: EmailPreferenceAnswer }) {
  const id = useId();
  const save = useSetEmailFrequency();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // the choice shows at once; the server's answer then replaces the list (or the old value comes back)
  const [shown, setShown] = useState<EmailFrequency | null>(null);
  const value = shown ?? row.frequency;

  async function choose(frequency: EmailFrequency) {
    setShown(frequency);
    setStatus({ kind: 'saving' });
    try {
      await save.mutateAsync({ type: row.type, frequency });
      setStatus({ kind: 'saved' });
    } catch (error) {
      setStatus({ kind: 'failed', text: `Not saved. ${formErrorText(error)}` });
    } finally {
      setShown(null);
    }
  }

  return (
    <li className="flex flex-col gap-2 py-3 sm:grid sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-x-4">
      <label htmlFor={id} className="text-sm font-medium text-stone-900">
        {row.label}
      </label>
      <div className="flex items-center gap-3 sm:shrink-0">
        <select
          id={id}
          value={value}
          onChange={(e) => void choose(e.target.value as EmailFrequency)}
          aria-describedby={`${id}-status`}
          className={clsx(
            'min-h-11 w-full px-3 py-2',
            'rounded-lg border border-stone-500 bg-white text-sm text-stone-900 shadow-sm',
            'focus:border-brand-700 focus:ring-1 focus:ring-brand-700 focus:ring-inset',
            'sm:w-44',
          )}
        >
          {row.choices.map((choice) => (
            <option key={choice} value={choice}>
              {FREQUENCY_TEXT[choice]}
            </option>
          ))}
        </select>
        <span id={`${id}-status`} aria-live="polite" className="w-16 shrink-0 text-sm text-stone-600">
          {status.kind === 'saving' ? 'Saving…' : status.kind === 'saved' ? SAVED_TEXT : ''}
        </span>
      </div>
      <p aria-live="assertive" className="text-sm text-red-700 empty:hidden sm:col-span-2">
        {status.kind === 'failed' ? status.text : ''}
      </p>
    </li>
  );
}

/**
 * A mail's 'Choose which emails you get' opens `/settings#email-notifications`; the section only
 * exists once its settings have loaded, after the browser looked for the anchor, so it scrolls
 * itself into view then (once).
 */
function useScrollToAnchor(ready: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || hash !== `#${EMAIL_NOTIFICATIONS_ANCHOR}`) return;
    done.current = true;
    document.getElementById(EMAIL_NOTIFICATIONS_ANCHOR)?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash]);
}
