import clsx from 'clsx';
import { useId } from 'react';
import type { SessionAnswer } from '@common/sessions/schemas';
import { cardStyles } from '@web/components/card-styles';
import { Button } from '@web/components/button';
import { sessionDateText, timeRangeWithZone } from '../session-times';
import { AFTER_TEXTS } from './after-texts';
import { useRecordedSessions } from './api/session-recording';
import { WatchRecordingLink } from './watch-recording-link';

/**
 * A member's past sessions with a recording to watch, newest first, under their upcoming ones.
 * Shows nothing while loading or when there are none (the upcoming list has the empty state).
 */
export function PastRecordings() {
  const headingId = useId();
  const recorded = useRecordedSessions();
  // a quiet line of its own: the upcoming list above keeps the page's main Try again
  if (recorded.isError)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
        {AFTER_TEXTS.pastRecordingsFailed}
        <Button size="sm" variant="secondary" onClick={() => recorded.refetch()}>
          {AFTER_TEXTS.reloadRecordings}
        </Button>
      </p>
    );
  const shown = (recorded.data ?? []).filter((s) => s.recording);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold text-stone-900">
        {AFTER_TEXTS.pastRecordings}
      </h3>
      <ul aria-labelledby={headingId} className="space-y-3">
        {shown.map((session) => (
          <li key={session._id}>
            <PastRecordingCard session={session} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PastRecordingCard({ session }: { session: SessionAnswer }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className={clsx(cardStyles, 'flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5')}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-stone-600">
          <time dateTime={session.startTime}>{sessionDateText(session.startTime)}</time>
          <span aria-hidden="true"> · </span>
          <span className="tabular-nums">{timeRangeWithZone(session)}</span>
        </p>
        <h4 id={nameId} className="mt-0.5 text-base font-semibold break-words text-stone-900">
          {session.name}
        </h4>
        <p className="mt-0.5 text-sm text-stone-600">{AFTER_TEXTS.withFacilitator(session.facilitator.name)}</p>
      </div>
      {session.recording && (
        <div className="sm:shrink-0">
          <WatchRecordingLink recording={session.recording} />
        </div>
      )}
    </article>
  );
}
