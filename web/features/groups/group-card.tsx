import { useId } from 'react';
import { Link } from 'react-router';
import { UsersIcon } from '@heroicons/react/24/outline';
import type { GroupAnswer } from '@common/groups/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { GroupBadges } from './group-badges';
import { GroupCover } from './group-cover';
import { memberCountText } from './group-texts';
import clsx from 'clsx';
import { cardStyles } from '@web/components/card-styles';

/** Group card: cover, name, owner, member count, lock and hidden icons, View. */
export function GroupCard({ group }: { group: GroupAnswer }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className={clsx(cardStyles, 'flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md')}
    >
      <div className="relative">
        <GroupCover path={group.coverPhoto} size="sm" className="aspect-[2/1] w-full" />
        <GroupBadges group={group} className="absolute top-3 right-3" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="min-w-0">
          <h3 id={nameId} className="line-clamp-2 text-base font-semibold text-stone-900">
            {group.name}
          </h3>
          <p className="mt-0.5 truncate text-sm text-stone-600">
            by{' '}
            <Link
              to={`/profile/${group.owner._id}`}
              className="font-medium text-stone-800 hover:text-brand-700 hover:underline"
            >
              {group.owner.name}
            </Link>
          </p>
        </div>
        {group.description && <p className="line-clamp-2 text-sm text-stone-600">{group.description}</p>}
        <div className="mt-auto flex items-center justify-between gap-3 pt-1">
          <span className="inline-flex items-center gap-1.5 text-sm text-stone-600">
            <UsersIcon aria-hidden="true" className="size-4 text-stone-400" />
            {memberCountText(group.members)}
          </span>
          <Link
            to={`/group/${group._id}`}
            aria-describedby={nameId}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          >
            View
          </Link>
        </div>
      </div>
    </article>
  );
}
