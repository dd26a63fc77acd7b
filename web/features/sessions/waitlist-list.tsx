import type { SessionAnswer } from '@common/sessions/schemas';
import { PersonAvatar } from '@web/components/person-link';
import { WAITLIST_TEXTS } from './waitlist-texts';

/** The facilitator's view of a session's waitlist, in line order, the one offered a place marked. */
export function WaitlistList({ session }: { session: SessionAnswer }) {
  const waiting = session.waiting ?? [];
  // a session with free places and nobody waiting has no line to show
  if (waiting.length === 0 && !session.isBooked) return null;
  const headingId = `waitlist-of-${session._id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2 border-t border-stone-200 pt-3">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        {WAITLIST_TEXTS.waitlist}
        <span className="font-normal text-stone-500"> · {WAITLIST_TEXTS.waitingCount(waiting.length)}</span>
      </h3>
      {waiting.length === 0 ? (
        <p className="rounded-xl bg-stone-50 px-3 py-4 text-sm text-stone-600">{WAITLIST_TEXTS.noWaitlist}</p>
      ) : (
        <ol aria-label={WAITLIST_TEXTS.waitlist} className="divide-y divide-stone-200">
          {waiting.map((member, i) => (
            <li key={member._id} className="flex items-center gap-3 py-2.5">
              <span aria-hidden="true" className="w-5 text-right text-xs font-semibold text-stone-500">
                {i + 1}
              </span>
              <PersonAvatar person={member} className="size-9 text-sm" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-stone-900">
                {member.name}
                {member.offeredUntil && (
                  <span className="block text-xs font-normal text-brand-800">
                    {WAITLIST_TEXTS.offeredUntil(member.offeredUntil)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
