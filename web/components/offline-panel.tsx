import { SignalSlashIcon } from '@heroicons/react/24/outline';
import clsx from 'clsx';
import { centredCardStyles } from './card-styles';
import { dateText, timeText } from './dates';
import { OFFLINE_HEADING } from './use-online';

/** What a page that needs the network shows while the browser is offline, instead of a failure. */
export function OfflinePanel() {
  return (
    <div role="status" className={clsx(centredCardStyles, 'py-10')}>
      <span className="flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-600">
        <SignalSlashIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="text-base font-medium text-stone-900">{OFFLINE_HEADING}</p>
      <p className="max-w-md text-sm text-stone-600">
        It will load when you are back online. Your saved practices work without one.
      </p>
    </div>
  );
}

/** "saved at 08:42", or "saved on 12/06/2026 at 08:42" when it was not today. */
function savedWhen(at: Date) {
  const today = new Date();
  const sameDay = at.toDateString() === today.toDateString();
  return sameDay ? `saved at ${timeText(at)}` : `saved on ${dateText(at)} at ${timeText(at)}`;
}

/**
 * Above a screen drawn from the answers the service worker kept (web/api/saved-answers.ts): says
 * that the page is offline and how old what it shows is. Nothing when the answers are fresh.
 */
export function SavedCopyNotice({ savedAt, className }: { savedAt: Date | undefined; className?: string }) {
  if (!savedAt) return null;
  return (
    <p
      role="status"
      className={clsx(
        'flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3',
        'text-sm font-medium text-amber-900',
        className,
      )}
    >
      <SignalSlashIcon className="size-5 shrink-0" aria-hidden="true" />
      <span>Offline — showing what was {savedWhen(savedAt)}.</span>
    </p>
  );
}
