import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ArrowTopRightOnSquareIcon, ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import { subscribeLinks } from '@common/calendar-feed/schemas';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { LoadFailed } from '@web/components/state-panels';
import { useCalendarFeed, useIssueCalendarFeed, useTurnOffCalendarFeed } from './api/calendar-feed';

export const CALENDAR_FEED_LOAD_FAILED_TEXT = 'We could not load your calendar feed.';
export const TURN_ON_FEED_TEXT = 'Turn on calendar feed';
export const NEW_ADDRESS_TEXT = 'Get a new address';
export const TURN_OFF_FEED_TEXT = 'Turn off';
export const FEED_ADDRESS_LABEL = 'Your calendar feed address';
export const NEW_ADDRESS_WARNING =
  'The current address stops working at once. Calendars subscribed to it stop updating until you subscribe them to the new one.';
export const TURN_OFF_WARNING =
  'The address stops working at once, and calendars subscribed to it stop updating. You can turn the feed on again later, with a new address.';

/**
 * Settings → Calendar feed: a private address calendar apps subscribe to (my booked sessions, and
 * the ones I offer), with Copy and one link per calendar app; a new address or off, each confirmed.
 */
export function CalendarFeedSection({ isFacilitator }: { isFacilitator: boolean }) {
  const feed = useCalendarFeed();
  const issue = useIssueCalendarFeed();
  const what = isFacilitator ? 'the sessions you offer and the ones you booked' : 'the sessions you booked';
  const intro = `Subscribe to ${what} from Apple Calendar, Google Calendar or Outlook. Calendars check for changes about every hour.`;

  if (feed.isPending) return <p className="text-sm text-stone-600">Loading your calendar feed…</p>;
  if (feed.isError) return <LoadFailed message={CALENDAR_FEED_LOAD_FAILED_TEXT} onRetry={() => void feed.refetch()} />;
  const { url, webcalUrl } = feed.data;
  if (!feed.data.enabled || !url || !webcalUrl)
    return (
      <div className="space-y-4">
        <p className="text-sm text-stone-600">{intro}</p>
        <Button onClick={() => issue.mutateAsync().then(() => toast.success('Your calendar feed is on.'))}>
          {TURN_ON_FEED_TEXT}
        </Button>
      </div>
    );
  return <FeedAddress intro={intro} url={url} webcalUrl={webcalUrl} />;
}

function FeedAddress({ intro, url, webcalUrl }: { intro: string; url: string; webcalUrl: string }) {
  const inputId = useId();
  const hintId = useId();
  const issue = useIssueCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [confirming, setConfirming] = useState<'new-address' | 'off' | null>(null);
  const links = subscribeLinks({ url, webcalUrl });

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Address copied.');
    } catch {
      toast.error('Could not copy. Select the address and copy it by hand.');
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600">{intro}</p>
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-stone-900">
          {FEED_ADDRESS_LABEL}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            readOnly
            value={url}
            aria-describedby={hintId}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 w-full min-w-0 rounded-lg border border-stone-400 bg-stone-50 px-3 font-mono text-sm text-stone-900"
          />
          <Button variant="secondary" onClick={copy} className="shrink-0">
            <ClipboardDocumentIcon className="size-4" aria-hidden="true" />
            Copy
          </Button>
        </div>
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          Keep it private: anyone with this address can see these sessions.
        </p>
      </div>
      <ul aria-label="Add to a calendar app" className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <li>
          <a href={links.apple} className={buttonStyles({ variant: 'secondary', fullWidth: true })}>
            Add to Apple Calendar
          </a>
        </li>
        <li>
          <ExternalLink href={links.google}>Add to Google Calendar</ExternalLink>
        </li>
        <li>
          <ExternalLink href={links.outlook}>Add to Outlook</ExternalLink>
        </li>
      </ul>
      <div className="flex flex-col gap-3 border-t border-stone-200 pt-4 sm:flex-row">
        <Button variant="secondary" onClick={() => setConfirming('new-address')}>
          {NEW_ADDRESS_TEXT}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming('off')}>
          {TURN_OFF_FEED_TEXT}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming === 'new-address'}
        onClose={() => setConfirming(null)}
        onConfirm={() => issue.mutateAsync().then(() => toast.success('Your calendar feed has a new address.'))}
        title="Get a new address?"
        confirmLabel={NEW_ADDRESS_TEXT}
        tone="primary"
      >
        {NEW_ADDRESS_WARNING}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'off'}
        onClose={() => setConfirming(null)}
        onConfirm={() => turnOff.mutateAsync().then(() => toast.success('Your calendar feed is off.'))}
        title="Turn off the calendar feed?"
        confirmLabel="Turn off the feed"
      >
        {TURN_OFF_WARNING}
      </ConfirmDialog>
    </div>
  );
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonStyles({ variant: 'secondary', fullWidth: true })}
    >
      {children}
      <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
