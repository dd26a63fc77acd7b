import { useId } from 'react';
import { VideoCameraIcon } from '@heroicons/react/24/outline';
import type { SessionAnswer } from '@common/sessions/schemas';
import { useUserSessions } from './api/get-user-sessions';
import { MeetingLink } from './meeting-link';
import { timeText } from '@web/components/dates';
import { SESSION_TEXTS } from './session-texts';
import clsx from 'clsx';

// Times as session-times.ts's clockTime (24-hour HH:mm) and days as date-fns'
// isSameDay (the viewer's calendar day), without those modules: session-times brings date-fns'
// format (19 KB), which the daily page's first paint does not need.
const sameLocalDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * Member daily practice: one banner for each booked session that starts today (the
 * viewer's day). Nothing while loading or when the call fails: the page's own content comes first.
 */
export function TodaySessionBanners() {
  const sessions = useUserSessions();
  const now = new Date();
  const today = sessions.data?.filter((session) => sameLocalDay(new Date(session.startTime), now)) ?? [];
  if (today.length === 0) return null;
  return (
    <ul aria-label="Today's sessions" className="space-y-3">
      {today.map((session) => (
        <li key={session._id}>
          <TodaySessionBanner session={session} />
        </li>
      ))}
    </ul>
  );
}

function TodaySessionBanner({ session }: { session: SessionAnswer }) {
  const textId = useId();
  return (
    <div
      className={clsx(
        'flex flex-col gap-3 p-4',
        'rounded-2xl border border-brand-600/30 bg-brand-50',
        'sm:flex-row sm:items-center',
      )}
    >
      <span
        aria-hidden="true"
        className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 sm:flex"
      >
        <VideoCameraIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p id={textId} className="text-sm font-semibold text-brand-900 sm:text-base">
          {SESSION_TEXTS.todayBanner(session.facilitator.name, timeText(session.startTime))}
        </p>
        <p className="text-sm break-words text-brand-900/80">{session.name}</p>
      </div>
      {session.meetingUrl && (
        <MeetingLink url={session.meetingUrl} sessionId={session._id} describedBy={textId} className="sm:shrink-0" />
      )}
    </div>
  );
}
