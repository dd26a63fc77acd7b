import { toast } from 'sonner';
import { ComputerDesktopIcon } from '@heroicons/react/24/outline';
import type { SessionAnswer } from '@common/auth/schemas';
import { Button } from '@web/components/button';
import { dateTimeText } from '@web/components/dates';
import { LoadFailed } from '@web/components/state-panels';
import { useEndSessions, useSessions } from './api/sessions';

export const SIGNED_OUT_OTHERS_TEXT = 'Your other sessions are signed out.';

/** 'Where you're signed in': each session's browser and last use; end one, or all the others. */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSessions();

  if (sessions.isPending) return <p className="text-sm text-stone-600">Loading your sessions…</p>;
  if (sessions.isError)
    return <LoadFailed message="We could not load your sessions." onRetry={() => void sessions.refetch()} />;
  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-stone-200" aria-label="Signed-in sessions">
        {sessions.data.map((s) => (
          <SessionRow
            key={s._id}
            session={s}
            onEnd={() => end.mutateAsync({ id: s._id }).then(() => toast.success(`${s.device} is signed out.`))}
          />
        ))}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="secondary"
          onClick={() => end.mutateAsync('others').then(() => toast.success(SIGNED_OUT_OTHERS_TEXT))}
        >
          Sign out other sessions
        </Button>
      ) : (
        <p className="text-sm text-stone-600">You are signed in only here.</p>
      )}
    </div>
  );
}

function SessionRow({ session, onEnd }: { session: SessionAnswer; onEnd: () => Promise<unknown> }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <ComputerDesktopIcon className="mt-0.5 size-5 shrink-0 text-stone-500" aria-hidden="true" />
        <div className="text-sm">
          <p className="font-medium text-stone-900">
            {session.device}
            {session.current && (
              <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                This device
              </span>
            )}
          </p>
          <p className="text-stone-600">
            Last used {dateTimeText(session.lastSeenAt)} · signed in {dateTimeText(session.signedInAt)}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onEnd}
          aria-label={`Sign out ${session.device}, last used ${dateTimeText(session.lastSeenAt)}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
