import { Link } from 'react-router';
import clsx from 'clsx';
import { ChevronRightIcon } from '@heroicons/react/20/solid';
import type { FacilitatorCard as FacilitatorCardData } from '@common/profiles/schemas';
import { TendImage } from '@web/components/tend-image';
import { cardStyles } from '@web/components/card-styles';

/**
 * Explore card: picture or initial, name and category; the whole card opens
 * /profile/{id}. On phones a compact row with a small round picture (w-100); from `sm` up a card
 * with a large photo (w-600). Each picture is lazy, so the hidden one is never fetched.
 */
export function FacilitatorCard({ facilitator }: { facilitator: FacilitatorCardData }) {
  const { _id, name, profilePicture, facilitatorCategory } = facilitator;
  return (
    <Link
      to={`/profile/${encodeURIComponent(_id)}`}
      className={clsx(
        cardStyles,
        'group flex h-full items-center gap-4 overflow-hidden p-3 transition-shadow',
        'hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        'sm:flex-col sm:items-stretch sm:gap-0 sm:p-0',
      )}
    >
      <TendImage
        path={profilePicture}
        size="xs"
        alt=""
        fallback={<Initial name={name} className="size-14 text-xl sm:hidden" />}
        className="size-14 shrink-0 rounded-full sm:hidden"
      />
      <div className="hidden aspect-[4/3] w-full bg-brand-50 sm:flex sm:items-center sm:justify-center">
        <TendImage
          path={profilePicture}
          size="sm"
          alt=""
          fallback={<Initial name={name} className="size-24 text-4xl" />}
          // portraits: keep faces in frame when the photo is taller than the card
          className="size-full object-[50%_30%]"
        />
      </div>
      <div className="min-w-0 flex-1 sm:p-4">
        <h2 className="truncate text-base font-semibold text-stone-900 group-hover:text-brand-800">{name}</h2>
        {facilitatorCategory && <p className="mt-0.5 truncate text-sm text-stone-600">{facilitatorCategory}</p>}
      </div>
      <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-stone-400 sm:hidden" />
    </Link>
  );
}

/** The name's first letter on a soft disc, when there is no picture (decorative: the name is beside it). */
function Initial({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800',
        className,
      )}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
