import clsx from 'clsx';
import { UserGroupIcon } from '@heroicons/react/24/outline';
import type { ImageSize } from '@common/uploads/schemas';
import { TendImage } from '@web/components/tend-image';

/** A soft brand wash with the group icon, for groups without a cover photo. */
export function CoverPlaceholder({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex items-center justify-center bg-linear-to-br from-brand-50 via-stone-50 to-brand-100',
        className,
      )}
    >
      <UserGroupIcon className="size-10 text-brand-700/40" />
    </span>
  );
}

/** The group's cover photo (decorative: the name sits beside it), or the placeholder. */
export function GroupCover({ path, size, className }: { path: string | null; size?: ImageSize; className?: string }) {
  return (
    <TendImage
      path={path}
      size={size}
      alt=""
      className={className}
      fallback={<CoverPlaceholder className={className} />}
    />
  );
}
