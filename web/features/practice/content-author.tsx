import { Link } from 'react-router';
import type { ContentAnswer } from '@common/content/schemas';
import { TendImage } from '@web/components/tend-image';
import clsx from 'clsx';

/** The author line of a content item: picture or initial, and name; leads to their profile. */
export function ContentAuthor({ author }: { author: ContentAnswer['user'] }) {
  const initial = author.name.trim().charAt(0).toUpperCase() || '?';
  const initialBadge = (
    <span
      aria-hidden="true"
      className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initial}
    </span>
  );
  return (
    <Link
      to={`/profile/${encodeURIComponent(author._id)}`}
      className={clsx(
        'inline-flex min-h-11 items-center gap-2 pr-2',
        'rounded-lg text-sm font-medium text-stone-800',
        'hover:text-brand-800',
      )}
    >
      <TendImage
        path={author.profilePicture}
        size="xs"
        alt=""
        className="size-8 rounded-full"
        fallback={initialBadge}
      />
      <span>{author.name}</span>
    </Link>
  );
}
