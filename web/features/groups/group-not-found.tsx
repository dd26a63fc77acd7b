import { Link } from 'react-router';
import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { buttonStyles } from '@web/components/button-styles';
import { GROUP_TEXTS } from './group-texts';
import { PageTitle } from '@web/components/page-title';
import clsx from 'clsx';
import { centredCardStyles } from '@web/components/card-styles';

/** A missing group, or a hidden one the user may not know about (the server answers 404 for both). */
export function GroupNotFound() {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-lg">
      <PageTitle>{GROUP_TEXTS.notFound}</PageTitle>
      <div className={clsx(centredCardStyles, 'py-12')}>
        <span className="flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-600">
          <MagnifyingGlassIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 id="page-title" className="text-xl font-semibold text-stone-900">
          {GROUP_TEXTS.notFound}
        </h1>
        <p className="max-w-sm text-sm text-stone-600">
          It may have been removed, or it is not open to you. There are plenty of others to join.
        </p>
        <Link to="/community" className={buttonStyles({ size: 'sm' })}>
          Back to Community
        </Link>
      </div>
    </section>
  );
}
