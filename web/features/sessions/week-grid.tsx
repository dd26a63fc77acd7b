import type { SessionAnswer } from '@common/sessions/schemas';
import { DayColumn } from './day-column';
import { MemberSessionSlot, OwnerSessionSlot } from './session-slot';
import { sessionsByDay, weekDays } from './session-week';

type WeekGridProps = {
  weekStart: Date;
  now: Date;
  sessions: readonly SessionAnswer[];
  isOwner: boolean;
  onOpen: (session: SessionAnswer) => void;
  onEdit: (session: SessionAnswer) => void;
  onDelete: (session: SessionAnswer) => void;
};

/** Seven day columns, Sunday to Saturday: stacked on phones, side by side from md. */
export function WeekGrid({ weekStart, now, sessions, isOwner, onOpen, onEdit, onDelete }: WeekGridProps) {
  return (
    <ol aria-label="Days of the week" className="grid gap-3 md:grid-cols-7 md:gap-1.5 lg:gap-2">
      {sessionsByDay(sessions, weekDays(weekStart)).map(({ day, sessions: daySessions }) => (
        <DayColumn key={day.toISOString()} day={day} now={now} count={daySessions.length}>
          {daySessions.map((session) => (
            <li key={session._id}>
              {isOwner ? (
                <OwnerSessionSlot
                  session={session}
                  now={now}
                  onBookers={() => onOpen(session)}
                  onEdit={() => onEdit(session)}
                  onDelete={() => onDelete(session)}
                />
              ) : (
                <MemberSessionSlot session={session} now={now} onOpen={() => onOpen(session)} />
              )}
            </li>
          ))}
        </DayColumn>
      ))}
    </ol>
  );
}

/** Grey columns while a week loads; announced once as loading. */
export function WeekSkeleton() {
  return (
    <div role="status" className="animate-pulse motion-reduce:animate-none">
      <span className="sr-only">Loading sessions…</span>
      <div aria-hidden="true" className="grid gap-3 md:grid-cols-7 md:gap-1.5 lg:gap-2">
        {Array.from({ length: 7 }, (_, i) => (
          <div key={i} className={`h-20 rounded-2xl bg-stone-200/70 md:h-48 ${i > 2 ? 'hidden md:block' : ''}`} />
        ))}
      </div>
    </div>
  );
}
