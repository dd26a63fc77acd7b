import { toast } from 'sonner';
import { Button } from '@web/components/button';
import { dateText } from '@web/components/dates';
import { PersonLink } from '@web/components/person-link';
import { LoadFailed } from '@web/components/state-panels';
import { useBlockedPeople, useSetBlocked } from './api';

export const BLOCKED_PEOPLE_TITLE = 'Blocked people';
export const NOBODY_BLOCKED_TEXT = "You haven't blocked anyone. Block someone from their profile or a chat.";

/** Settings → Blocked people: everyone I block, each with Unblock. */
export function BlockedPeopleSection() {
  const people = useBlockedPeople();
  const setBlocked = useSetBlocked();
  if (people.isPending) return <p className="text-sm text-stone-600">Loading the people you blocked…</p>;
  if (people.isError)
    return <LoadFailed message="We could not load the people you blocked." onRetry={() => void people.refetch()} />;
  if (people.data.length === 0) return <p className="text-sm text-stone-600">{NOBODY_BLOCKED_TEXT}</p>;
  return (
    <ul className="divide-y divide-stone-200" aria-label={BLOCKED_PEOPLE_TITLE}>
      {people.data.map((person) => (
        <li key={person._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <PersonLink person={person} avatarClassName="size-8 text-sm" className="max-w-full gap-2" />
            <p className="mt-0.5 text-xs text-stone-500">Blocked {dateText(person.blockedAt)}</p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Unblock ${person.name}`}
            disabled={setBlocked.isPending}
            onClick={() =>
              setBlocked
                .mutateAsync({ id: person._id, blocked: false })
                .then(() => toast.success(`${person.name} is unblocked.`))
                .catch(() => toast.error('We could not unblock them. Try again.'))
            }
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
