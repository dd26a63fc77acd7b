import { useWhoami } from '@web/features/session/api/get-whoami';
import { isFacilitator, isSignedIn } from '@web/features/session/roles';
import { PageLoading } from '@web/components/page-loading';
import { SessionCalendar } from './session-calendar';
import { UpcomingSessions } from './upcoming-sessions';

/**
 * /profile (own): for now the sessions part of the own profile (spec 02 §2 Profile) — a
 * facilitator's own calendar, a member's upcoming booked sessions (userSessions). The full own
 * profile (photo, bio, Feed, Groups, Notifications tabs) replaces this page in a later issue.
 */
export function MySessionsPage() {
  const whoami = useWhoami();
  if (whoami.isPending) return <PageLoading label="Loading your profile…" />;
  // The route only opens for signed-in users; a failed whoami reads as signed out.
  const user = isSignedIn(whoami.data) ? whoami.data : undefined;
  const facilitator = user ? isFacilitator(user) : false;
  const name = user?.name;

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <title>{`${name ?? 'Your Profile'} · Tend`}</title>
      <header className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight break-words text-stone-900 sm:text-3xl">
          {name ?? 'Your Profile'}
        </h1>
        <p className="mt-1 text-sm text-stone-600 sm:text-base">
          {facilitator ? 'Your sessions: add times members can book.' : 'Your upcoming sessions.'}
        </p>
      </header>
      {facilitator ? (
        // the calendar's own heading is the week it shows
        <SessionCalendar facilitatorId="own" isOwner />
      ) : (
        <section aria-labelledby="sessions-title" className="space-y-4">
          <h2 id="sessions-title" className="text-xl font-semibold text-stone-900">
            Upcoming sessions
          </h2>
          <UpcomingSessions labelledBy="sessions-title" />
        </section>
      )}
    </section>
  );
}
