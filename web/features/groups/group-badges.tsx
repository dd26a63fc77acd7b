import clsx from 'clsx';
import { EyeSlashIcon, LockClosedIcon } from '@heroicons/react/20/solid';
import type { GroupAnswer } from '@common/groups/schemas';
import { GROUP_TEXTS } from './group-texts';

/** A lock when private, a crossed eye when hidden; each named for screen readers. */
export function GroupBadges({
  group,
  className,
}: {
  group: Pick<GroupAnswer, 'isPrivate' | 'isHidden'>;
  className?: string;
}) {
  if (!group.isPrivate && !group.isHidden) return null;
  return (
    <span className={clsx('flex gap-1.5', className)}>
      {group.isPrivate && <Badge label={GROUP_TEXTS.private} Icon={LockClosedIcon} />}
      {group.isHidden && <Badge label={GROUP_TEXTS.hidden} Icon={EyeSlashIcon} />}
    </span>
  );
}

function Badge({ label, Icon }: { label: string; Icon: typeof LockClosedIcon }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={clsx(
        'flex size-8 items-center justify-center',
        'rounded-full bg-white/90 text-stone-700 shadow-sm ring-1 ring-stone-900/10 backdrop-blur',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}
