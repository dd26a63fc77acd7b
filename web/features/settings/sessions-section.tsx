import { toast } from 'sonner';
import { ComputerDesktopIcon } from '@heroicons/react/24/outline';
import type { SessionAnswer } from '@common/auth/schemas';
import { Button } from '@web/components/button';
import { dateTimeText } from '@web/components/dates';
import { LoadFailed } from '@web/components/state-panels';
import { useEndSessions, useSessions } from './api/sessions';
import { DeviceRow } from './device-row';

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
    <DeviceRow
      icon={ComputerDesktopIcon}
      name={session.device}
      thisDevice={session.current}
      detail={`Last used ${dateTimeText(session.lastSeenAt)} · signed in ${dateTimeText(session.signedInAt)}`}
      action={
        !session.current && (
          <Button
            variant="secondary"
            size="sm"
            onClick={onEnd}
            aria-label={`Sign out ${session.device}, last used ${dateTimeText(session.lastSeenAt)}`}
          >
            Sign out
          </Button>
        )
      }
    />
  );
}
