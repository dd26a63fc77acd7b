import clsx from 'clsx';
import { TendImage } from '@web/components/tend-image';

type Person = { name: string; profilePicture: string | null };

/** A person's picture, or their initial on a soft disc (decorative: the name is beside it). */
export function PersonAvatar({ person, className = 'size-10 text-base' }: { person: Person; className?: string }) {
  const initial = (
    <span
      aria-hidden="true"
      className={clsx('flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800', className)}
    >
      {person.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
  return <TendImage path={person.profilePicture} size="xs" alt="" fallback={initial} className={clsx('shrink-0 rounded-full', className)} />;
}
