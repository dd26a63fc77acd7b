import { useId, useMemo, useState } from 'react';
import { PlusIcon } from '@heroicons/react/24/outline';
import { isSameDay } from 'date-fns';
import { toast } from 'sonner';
import { SESSION_MESSAGES, type SessionAnswer } from '@common/sessions/schemas';
import { Button } from '@web/components/button';
import { zoneText } from '@web/components/dates';
import { useFacilitatorSessions } from './api/get-facilitator-sessions';
import { DeleteSessionDialog } from './delete-session-dialog';
import { WeekGrid, WeekSkeleton } from './week-grid';
import { SessionBookersDialog } from './session-bookers-dialog';
import { SessionDetailsDialog } from './session-details-dialog';
import { SessionFormDialog } from './session-form-dialog';
import { EmptyPanel, LoadFailed } from './session-panels';
import { SESSION_TEXTS } from './session-texts';
import { shiftWeek, weekStartOf, weekWindow } from './session-week';
import { WeekNavigation } from './week-navigation';
import { useOpenLinkedSession, useSessionLink } from './use-linked-session';

type SessionCalendarProps = {
  /** The facilitator whose sessions these are; 'own' for the signed-in facilitator. */
  facilitatorId: string;
  /** The owner adds, edits and deletes; everyone else books. */
  isOwner: boolean;
};

type FormState = { open: boolean; session?: SessionAnswer };
type RemovalState = { open: boolean; session: SessionAnswer | null };

/** Session calendar: one week, Sunday to Saturday, in the viewer's time zone. */
export function SessionCalendar({ facilitatorId, isOwner }: SessionCalendarProps) {
  const headingId = useId();
  const now = new Date();
  // a link to one session (a waitlist offer's mail, a notification) opens its week and its details
  const link = useSessionLink();
  const [weekStart, setWeekStart] = useState(() => weekStartOf(link.start ?? now));
  const sessionWindow = useMemo(() => weekWindow(weekStart), [weekStart]);
  const sessions = useFacilitatorSessions(facilitatorId, sessionWindow);
  const [viewing, setViewing] = useState<SessionAnswer | null>(null);
  useOpenLinkedSession(link, sessions.data, setViewing);
  const [form, setForm] = useState<FormState>({ open: false });
  const [removal, setRemoval] = useState<RemovalState>({ open: false, session: null });
  const onThisWeek = isSameDay(weekStart, weekStartOf(now));

  function saved(session: SessionAnswer) {
    toast.success(form.session ? SESSION_TEXTS.sessionSaved : SESSION_TEXTS.sessionAdded);
    setForm((current) => ({ ...current, open: false }));
    // Show the week the session now sits in.
    setWeekStart(weekStartOf(session.startTime));
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <WeekNavigation
          weekStart={weekStart}
          headingId={headingId}
          onShift={(weeks) => setWeekStart((start) => shiftWeek(start, weeks))}
          onThisWeek={onThisWeek ? undefined : () => setWeekStart(weekStartOf(new Date()))}
        />
        {isOwner && (
          <Button onClick={() => setForm({ open: true })}>
            <PlusIcon aria-hidden="true" className="size-5" />
            {SESSION_TEXTS.addSession}
          </Button>
        )}
      </div>

      <p className="text-xs text-stone-500">Times are in your time zone ({zoneText(weekStart)}).</p>

      {sessions.isPending ? (
        <WeekSkeleton />
      ) : sessions.isError ? (
        <LoadFailed message="We could not load the sessions." onRetry={() => sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyPanel>{SESSION_MESSAGES.noSessions}</EmptyPanel>
      ) : (
        <WeekGrid
          weekStart={weekStart}
          now={now}
          sessions={sessions.data}
          isOwner={isOwner}
          onOpen={setViewing}
          onEdit={(session) => setForm({ open: true, session })}
          onDelete={(session) => setRemoval({ open: true, session })}
        />
      )}

      {isOwner ? (
        <>
          <SessionFormDialog
            open={form.open}
            session={form.session}
            onClose={() => setForm((current) => ({ ...current, open: false }))}
            onSaved={saved}
          />
          <DeleteSessionDialog
            open={removal.open}
            session={removal.session}
            onClose={() => setRemoval((current) => ({ ...current, open: false }))}
          />
          <SessionBookersDialog session={viewing} onClose={() => setViewing(null)} />
        </>
      ) : (
        <SessionDetailsDialog session={viewing} onClose={() => setViewing(null)} />
      )}
    </section>
  );
}
