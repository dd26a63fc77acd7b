import { Link } from 'react-router';
import { ANONYMOUS_AUTHOR, type PostAnswer } from '@common/posts/schemas';
import { TendImage } from '@web/components/tend-image';
import { PostTime } from './post-time';
import clsx from 'clsx';

type Author = PostAnswer['user'];

/** The author's picture, or their initial on a soft disc when they have none. */
export function AuthorAvatar({ author, size = 'md' }: { author: Author; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'size-8 text-sm' : 'size-10 text-base';
  const initial = (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-full',
        box,
        'bg-brand-100 font-semibold text-brand-800',
      )}
    >
      {author.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
  return (
    <TendImage
      path={author.profilePicture}
      size="xs"
      alt=""
      fallback={initial}
      className={`${box} shrink-0 rounded-full`}
    />
  );
}

/**
 * Who posted and when (name and picture link to /profile/{id} for every author). An
 * anonymous post shows 'Anonymous member' to others, without a link; its author (and admins) see
 * their name with a note that others do not. 'edited' follows the time once the text was changed.
 */
export function PostAuthor({
  author,
  postedDate,
  size,
  anonymous = false,
  edited = false,
}: {
  author: Author;
  postedDate: string;
  size?: 'sm' | 'md';
  anonymous?: boolean;
  edited?: boolean;
}) {
  const hidden = author._id === ANONYMOUS_AUTHOR._id;
  const named = anonymous && !hidden;
  const profile = `/profile/${author._id}`;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {hidden ? (
        <AuthorAvatar author={author} size={size} />
      ) : (
        // the name beside it is the same link: one tab stop, one name for screen readers
        <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
          <AuthorAvatar author={author} size={size} />
        </Link>
      )}
      <div className="min-w-0">
        {hidden ? (
          <span className="block truncate text-sm font-semibold text-stone-900">{author.name}</span>
        ) : (
          <Link
            to={profile}
            className="block truncate text-sm font-semibold text-stone-900 hover:text-brand-700 hover:underline"
          >
            {author.name}
          </Link>
        )}
        <span className="block text-xs text-stone-500">
          <PostTime date={postedDate} />
          {named && ' · posted anonymously'}
          {edited && ' · edited'}
        </span>
      </div>
    </div>
  );
}
