import clsx from 'clsx';
import type { SignedInUser } from '@web/features/session/roles';

export const displayName = (user: SignedInUser) => user.name || user.username || 'Your account';

/** The user's initial on a brand disc (decorative: its button or row names the user). */
export function UserAvatar({ user, className }: { user: SignedInUser; className?: string }) {
  const initial = displayName(user).trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 select-none items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800',
        className ?? 'size-8 text-sm',
      )}
    >
      {initial}
    </span>
  );
}
