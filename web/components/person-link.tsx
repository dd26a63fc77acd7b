import type { ReactNode } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { TendImage } from './tend-image';

/** Anyone shown by name: a post or message author, a group member, a chat participant. */
export type Person = { _id: string; name: string; profilePicture?: string | null };

/** Every member has a profile at /profile/{id}. */
export const profilePath = (id: string) => `/profile/${encodeURIComponent(id)}`;

/** A person's picture, or their initial on a soft disc. Decorative: their name is always beside it. */
export function PersonAvatar({
  person,
  className = 'size-10 text-base',
}: {
  person: Pick<Person, 'name' | 'profilePicture'>;
  className?: string;
}) {
  const initial = (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 select-none items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800',
        className,
      )}
    >
      {person.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
  return (
    <TendImage
      path={person.profilePicture}
      size="xs"
      alt=""
      fallback={initial}
      className={clsx('shrink-0 rounded-full', className)}
    />
  );
}

type PersonLinkProps = {
  person: Person;
  /** Show the avatar before the name (default); false for a name alone, e.g. inside a sentence. */
  avatar?: boolean;
  /** Size classes of the avatar (default 'size-8 text-sm'). */
  avatarClassName?: string;
  /**
   * Classes of the link itself (layout, text size, weight, colour); 'font-medium text-stone-900'
   * when not given, otherwise it inherits what it does not set.
   */
  className?: string;
  /**
   * What to show instead of the plain name (e.g. the name and a role); the name stays the link's
   * name unless this replaces it.
   */
  children?: ReactNode;
};

/**
 * A person's avatar and name as one link to their profile: one tab stop, named by the name.
 * Every author name and avatar leads to /profile/{id}.
 */
export function PersonLink({
  person,
  avatar = true,
  avatarClassName = 'size-8 text-sm',
  className,
  children,
}: PersonLinkProps) {
  return (
    <Link
      to={profilePath(person._id)}
      className={clsx(
        'group/person inline-flex min-w-0 items-center gap-2',
        'rounded-md outline-none',
        'focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-offset-2',
        className ?? 'font-medium text-stone-900',
      )}
    >
      {avatar && <PersonAvatar person={person} className={avatarClassName} />}
      <span className="truncate group-hover/person:text-brand-700 group-hover/person:underline">
        {children ?? person.name}
      </span>
    </Link>
  );
}

/**
 * The avatar alone as a link to the profile, for layouts where the picture sits apart from the
 * name. The name beside it is the same link, so this one is left out of the tab order and the
 * accessibility tree (one stop and one announcement per person); pointer users can still click it.
 */
export function PersonAvatarLink({ person, className = 'size-10 text-base' }: { person: Person; className?: string }) {
  return (
    <Link
      to={profilePath(person._id)}
      tabIndex={-1}
      aria-hidden="true"
      className="shrink-0 rounded-full hover:opacity-90"
    >
      <PersonAvatar person={person} className={className} />
    </Link>
  );
}
