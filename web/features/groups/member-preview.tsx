import type { GroupPerson } from '@common/groups/schemas';
import { PersonLink } from '@web/components/person-link';
import { GROUP_TEXTS } from './group-texts';

/** The first 3 members, each a link to their profile, then 'and N others...' when there are more. */
export function MemberPreview({ members, memberCount }: { members: GroupPerson[]; memberCount: number }) {
  if (members.length === 0) return null;
  const others = memberCount - members.length;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <ul aria-label="Members" className="flex flex-wrap gap-x-4 gap-y-2">
        {members.map((member) => (
          <li key={member._id} className="flex min-w-0 items-center">
            <PersonLink
              person={member}
              avatarClassName="size-9 text-sm ring-2 ring-white"
              className="text-sm font-medium text-stone-800"
            />
          </li>
        ))}
      </ul>
      {others > 0 && <p className="text-sm text-stone-600">{GROUP_TEXTS.othersMore(others)}</p>}
    </div>
  );
}
