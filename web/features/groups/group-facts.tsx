import { EyeIcon, EyeSlashIcon, LockClosedIcon, LockOpenIcon, UsersIcon } from '@heroicons/react/20/solid';
import type { GroupAnswer } from '@common/groups/schemas';
import { GROUP_TEXTS, memberCountText } from './group-texts';

type Facts = Pick<GroupAnswer, 'isPrivate' | 'isHidden'> & { memberCount: number };

/** Member count, Private/Open and Hidden/Visible as a row of small labelled facts. */
export function GroupFacts({ isPrivate, isHidden, memberCount }: Facts) {
  const facts = [
    { Icon: UsersIcon, text: memberCountText(memberCount) },
    { Icon: isPrivate ? LockClosedIcon : LockOpenIcon, text: isPrivate ? GROUP_TEXTS.private : GROUP_TEXTS.open },
    { Icon: isHidden ? EyeSlashIcon : EyeIcon, text: isHidden ? GROUP_TEXTS.hidden : GROUP_TEXTS.visible },
  ];
  return (
    <ul aria-label="About this group" className="flex flex-wrap gap-2">
      {facts.map(({ Icon, text }) => (
        <li
          key={text}
          className="inline-flex items-center gap-1.5 rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700"
        >
          <Icon aria-hidden="true" className="size-4 text-stone-500" />
          {text}
        </li>
      ))}
    </ul>
  );
}
