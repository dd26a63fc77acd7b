import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SESSION_MESSAGES, type SessionAnswer } from '@common/sessions/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { Button } from '@web/components/button';
import { useUserSessions } from './api/get-user-sessions';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { SESSION_TEXTS } from './session-texts';
import { AddToCalendarButton } from './add-to-calendar-button';
import { MeetingLink } from './meeting-link';
import { WatchRecordingLink } from './after/watch-recording-link';
import { PastRecordings } from './after/past-recordings';
import { EmptyPanel, ListSkeleton, LoadFailed } from './session-panels';
import { sessionDateText, timeRangeWithZone } from './session-times';
import clsx from 'clsx';
import { cardStyles } from '@web/components/card-styles';

/** Profile userSessions: my upcoming booked sessions, soonest first, then past ones with a recording. */
export function UpcomingSessions({ labelledBy }: { labelledBy?: string }) {
  return (
    <>
      <UpcomingList labelledBy={labelledBy} />
      <PastRecordings />
    </>
  );
}

function UpcomingList({ labelledBy }: { labelledBy?: string }) {
  const sessions = useUserSessions();
  const [cancelling, setCancelling] = useState<SessionAnswer | null>(null);
  if (sessions.isPending) return <ListSkeleton label="Loading your sessions…" />;
  if (sessions.isError)
    return <LoadFailed message="We could not load your sessions." onRetry={() => sessions.refetch()} />;
  if (sessions.data.length === 0) {
    return (
      <EmptyPanel
        action={
          <Link to="/explore" className={buttonStyles({ size: 'sm' })}>
            Explore facilitators
          </Link>
        }
      >
        {SESSION_MESSAGES.noUpcoming}
      </EmptyPanel>
    );
  }
  return (
    <>
      <ul aria-labelledby={labelledBy} data-upcoming-sessions className="space-y-3">
        {sessions.data.map((session) => (
          <li key={session._id}>
            <UpcomingSessionCard session={session} onCancel={() => setCancelling(session)} />
          </li>
        ))}
      </ul>
      <CancelBookingDialog
        open={cancelling !== null}
        session={cancelling}
        onClose={() => setCancelling(null)}
        // the card goes with the booking: focus moves to the list's first remaining button
        focusAfterClose={() => document.querySelector<HTMLElement>('[data-upcoming-sessions] button, main h1')}
      />
    </>
  );
}

function UpcomingSessionCard({ session, onCancel }: { session: SessionAnswer; onCancel: () => void }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className={clsx(cardStyles, 'flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5')}
    >
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-brand-800">
          <time dateTime={session.startTime}>{sessionDateText(session.startTime)}</time>
          <span aria-hidden="true"> · </span>
          <span className="tabular-nums">{timeRangeWithZone(session)}</span>
        </p>
        <h3 id={nameId} className="mt-0.5 text-base font-semibold break-words text-stone-900">
          {session.name}
        </h3>
        <p className="mt-0.5 text-sm text-stone-600">
          with{' '}
          <Link
            to={`/profile/${encodeURIComponent(session.facilitator._id)}`}
            className="font-medium text-stone-800 underline-offset-2 hover:text-brand-700 hover:underline"
          >
            {session.facilitator.name}
          </Link>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        {session.meetingUrl && <MeetingLink url={session.meetingUrl} sessionId={session._id} describedBy={nameId} />}
        <AddToCalendarButton session={session} describedBy={nameId} />
        {session.recording && <WatchRecordingLink recording={session.recording} />}
        <Button size="sm" variant="secondary" aria-describedby={nameId} onClick={onCancel}>
          {SESSION_TEXTS.cancelBooking}
        </Button>
      </div>
    </article>
  );
}
