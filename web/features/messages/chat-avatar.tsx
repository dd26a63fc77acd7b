import clsx from 'clsx';
import type { ChatUser } from '@common/messages/schemas';
import { TendImage } from '@web/components/tend-image';

/** A person's picture, or their initial on a soft disc (decorative: the name is always beside it). */
export function ChatAvatar({ user, className = 'size-10 text-base' }: { user: Pick<ChatUser, 'name' | 'profilePicture'>; className?: string }) {
  const initial = (
    <span
      aria-hidden="true"
      className={clsx('flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800', className)}
    >
      {user.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
  return <TendImage path={user.profilePicture} size="xs" alt="" fallback={initial} className={clsx('shrink-0 rounded-full', className)} />;
}
