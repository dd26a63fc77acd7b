import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { dateText } from '@web/components/dates';
import type { PublicProfileAnswer } from '@common/profiles/schemas';
import { TendImage } from '@web/components/tend-image';
import clsx from 'clsx';
import { cardStyles } from '@web/components/card-styles';

// the bio preview is 100 characters; dates read MM/dd/yyyy.
export const BIO_PREVIEW_LENGTH = 100;
export const joinedDateText = (value: string) => dateText(value);

type ProfileHeaderProps = { profile: PublicProfileAnswer; action?: ReactNode };

/** Profile: photo or initial, name, message icon, category, bio (100-character preview), joined date. */
export function ProfileHeader({ profile, action }: ProfileHeaderProps) {
  const initial = profile.name.trim().charAt(0).toUpperCase() || '?';
  const initialDisc = (
    <span
      aria-hidden="true"
      className={clsx(
        'flex size-24 shrink-0 items-center justify-center',
        'rounded-full bg-brand-100 text-3xl font-semibold text-brand-800',
      )}
    >
      {initial}
    </span>
  );
  return (
    <header
      className={clsx(
        cardStyles,
        'flex flex-col items-center gap-4 p-5 text-center',
        'sm:flex-row sm:items-start sm:p-6 sm:text-left',
      )}
    >
      <TendImage
        path={profile.profilePicture}
        size="xs"
        alt=""
        className="size-24 shrink-0 rounded-full object-cover"
        fallback={initialDisc}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <h1
            id="page-title"
            className="min-w-0 text-2xl font-semibold tracking-tight break-words text-stone-900 sm:text-3xl"
          >
            {profile.name}
          </h1>
          {profile.canMessage && (
            <Link
              to={`/messages?with=${encodeURIComponent(profile._id)}`}
              aria-label={`Message ${profile.name}`}
              title={`Message ${profile.name}`}
              className={clsx(
                'inline-flex size-11 items-center justify-center',
                'rounded-full text-brand-700',
                'hover:bg-brand-50 hover:text-brand-800',
              )}
            >
              <ChatBubbleLeftRightIcon className="size-6" aria-hidden="true" />
            </Link>
          )}
        </div>
        {profile.facilitatorCategory && (
          <p className="mt-0.5 text-sm font-medium text-brand-800">{profile.facilitatorCategory}</p>
        )}
        {profile.bio && <ProfileBio bio={profile.bio} />}
        <p className="mt-3 text-xs text-stone-500">
          Joined <time dateTime={profile.dateJoined}>{joinedDateText(profile.dateJoined)}</time>
        </p>
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </header>
  );
}

function ProfileBio({ bio }: { bio: string }) {
  const [expanded, setExpanded] = useState(false);
  const bioId = useId();
  const long = bio.length > BIO_PREVIEW_LENGTH;
  const shown = long && !expanded ? `${bio.slice(0, BIO_PREVIEW_LENGTH).trimEnd()}…` : bio;
  return (
    <div className="mt-2 text-sm text-stone-700">
      <p id={bioId} className="break-words whitespace-pre-line">
        {shown}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bioId}
          onClick={() => setExpanded((open) => !open)}
          className="mt-1 min-h-8 rounded font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          {expanded ? 'show less' : 'show more'}
        </button>
      )}
    </div>
  );
}
