import { useId, type ReactNode } from 'react';
import { PencilSquareIcon, TrashIcon, UsersIcon } from '@heroicons/react/20/solid';
import clsx from 'clsx';
import type { SessionAnswer } from '@common/sessions/schemas';
import { MeetingLink } from './meeting-link';
import { SeriesMark } from './series/series-mark';
import { hasStarted, priceText, timeRangeText } from './session-times';
import { placesLeftText } from './session-places';
import { WAITLIST_TEXTS } from './waitlist-texts';
import { SESSION_TEXTS } from './session-texts';

type SlotProps = { session: SessionAnswer; now: Date };
type OwnerSlotProps = SlotProps & { onBookers: () => void; onEdit: () => void; onDelete: () => void };
type MemberSlotProps = SlotProps & { onOpen: () => void };

const timeStyles = 'block text-xs font-semibold whitespace-nowrap tabular-nums md:text-[11px] lg:text-xs';
// Long words hyphenate in the narrow md columns rather than break anywhere.
const nameStyles = 'block text-sm font-medium break-words hyphens-auto text-stone-900';

/**
 * The slot of a session in the week on screen: focus returns there when its dialog closes, also
 * once booking has redrawn it.
 */
export const sessionSlotOf = (sessionId: string) =>
  [...document.querySelectorAll<HTMLElement>('[data-session-slot]')].find(
    (slot) => slot.dataset.sessionSlot === sessionId,
  );

/** One of my own sessions: who booked it (a group's count), its booked members, Edit and Delete. */
export function OwnerSessionSlot({ session, now, onBookers, onEdit, onDelete }: OwnerSlotProps) {
  const booked = session.bookers?.length ?? 0;
  const nameId = useId();
  const past = hasStarted(session, now);
  return (
    <article
      aria-labelledby={nameId}
      className={clsx(
        'rounded-xl border p-2.5 md:p-1.5 lg:p-2.5',
        past ? 'border-stone-200 bg-stone-50' : 'border-brand-100 bg-brand-50/70',
      )}
    >
      <time dateTime={session.startTime} className={clsx(timeStyles, past ? 'text-stone-600' : 'text-brand-800')}>
        {timeRangeText(session)}
      </time>
      <h4 id={nameId} className={nameStyles}>
        {session.name}
        <SeriesMark session={session} />
      </h4>
      <p className="text-xs text-stone-600">{priceText(session.price)}</p>
      {session.capacity > 1 ? (
        <p className="mt-1 text-xs font-semibold break-words text-brand-800">
          {SESSION_TEXTS.bookedCount(booked, session.capacity)}
        </p>
      ) : (
        session.isBooked && (
          <p className="mt-1 text-xs font-semibold break-words text-brand-800">
            {session.bookedBy ? SESSION_TEXTS.bookedBy(session.bookedBy.name) : SESSION_TEXTS.booked}
          </p>
        )
      )}
      <div className="mt-2 flex flex-wrap gap-1">
        {booked > 0 && (
          <SlotAction
            label="Members"
            name={SESSION_TEXTS.bookersOf(session.name)}
            onClick={onBookers}
            icon={<UsersIcon aria-hidden="true" className="size-4" />}
          />
        )}
        <SlotAction
          label="Edit"
          name={`Edit ${session.name}`}
          onClick={onEdit}
          icon={<PencilSquareIcon aria-hidden="true" className="size-4" />}
        />
        <SlotAction
          label="Delete"
          name={`Delete ${session.name}`}
          onClick={onDelete}
          danger
          icon={<TrashIcon aria-hidden="true" className="size-4" />}
        />
      </div>
    </article>
  );
}

type SlotActionProps = { label: string; name: string; onClick: () => void; icon: ReactNode; danger?: boolean };

/**
 * An icon button in the narrow desktop columns, with its word beside it on phones (one column).
 * Its accessible name carries the session's ('Delete Morning Flow'), so a list of buttons read
 * out of context still says which session each one acts on.
 */
function SlotAction({ label, name, onClick, icon, danger }: SlotActionProps) {
  return (
    <button
      type="button"
      title={name}
      aria-label={name}
      onClick={onClick}
      className={clsx(
        'inline-flex min-h-9 min-w-9 items-center justify-center gap-1.5 px-2',
        'rounded-lg border border-stone-400 bg-white text-xs font-semibold shadow-sm',
        danger ? 'text-red-700 hover:bg-red-50' : 'text-stone-700 hover:bg-stone-50',
      )}
    >
      {icon}
      <span className="md:sr-only">{label}</span>
    </button>
  );
}

/**
 * A session as a member sees it: an unbooked one opens its details; one booked by someone else
 * (or already started) is greyed out and does nothing; my own booking shows its link.
 */
export function MemberSessionSlot({ session, now, onOpen }: MemberSlotProps) {
  const nameId = useId();
  if (session.bookedByMe) {
    return (
      <article
        aria-labelledby={nameId}
        data-session-slot={session._id}
        // where focus returns from the dialog it was booked in; not a tab stop
        tabIndex={-1}
        className="rounded-xl border border-brand-600/30 bg-brand-50/70 p-2.5 md:p-1.5 lg:p-2.5"
      >
        <time dateTime={session.startTime} className={clsx(timeStyles, 'text-brand-800')}>
          {timeRangeText(session)}
        </time>
        <h4 id={nameId} className={nameStyles}>
          {session.name}
        </h4>
        <p className="text-xs font-semibold text-brand-800">{SESSION_TEXTS.bookedByYou}</p>
        {session.meetingUrl && (
          <MeetingLink url={session.meetingUrl} describedBy={nameId} look="text" className="mt-1" />
        )}
        <button
          type="button"
          aria-haspopup="dialog"
          aria-describedby={nameId}
          onClick={onOpen}
          className="mt-1 block min-h-6 text-xs font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {SESSION_TEXTS.manageBooking}
        </button>
      </article>
    );
  }

  const places = placesLeftText(session);
  const started = hasStarted(session, now);
  // a full session that has not started, group or one-to-one, opens its dialog to join the waitlist
  const waitable = session.isBooked && !started;
  const unavailable = started ? SESSION_TEXTS.started : null;
  const waitlistLine = waitable
    ? session.waitlist
      ? WAITLIST_TEXTS.position(session.waitlist.position)
      : `${places ?? (session.capacity > 1 ? WAITLIST_TEXTS.full : SESSION_TEXTS.booked)} · ${WAITLIST_TEXTS.join}`
    : session.waitlist?.position === 0
      ? WAITLIST_TEXTS.heldForYou
      : null;
  return (
    <button
      type="button"
      data-session-slot={session._id}
      aria-disabled={unavailable ? true : undefined}
      aria-haspopup={unavailable ? undefined : 'dialog'}
      onClick={unavailable ? undefined : onOpen}
      className={clsx(
        'block w-full rounded-xl border p-2.5 text-left transition-colors md:p-1.5 lg:p-2.5',
        unavailable
          ? 'cursor-not-allowed border-stone-200 bg-stone-100 text-stone-500'
          : 'border-stone-300 bg-white shadow-sm hover:border-brand-600/40 hover:bg-brand-50',
      )}
    >
      <span className={clsx(timeStyles, unavailable ? 'text-stone-500' : 'text-brand-800')}>
        {timeRangeText(session)}
      </span>
      <span className={clsx(nameStyles, unavailable && 'text-stone-600')}>
        {session.name}
        <SeriesMark session={session} />
      </span>
      <span className="block text-xs text-stone-600">{unavailable ?? priceText(session.price)}</span>
      {waitlistLine ? (
        <span className="block text-xs font-medium text-brand-800">{waitlistLine}</span>
      ) : (
        places && !unavailable && <span className="block text-xs font-medium text-brand-800">{places}</span>
      )}
    </button>
  );
}
