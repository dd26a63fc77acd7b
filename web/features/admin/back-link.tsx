import { Link } from 'react-router';
import { ArrowLeftIcon } from '@heroicons/react/24/outline';

/** Where an admin screen's Back link goes, and what it says ('Back to Users'). */
export type BackLink = { to: string; label: string };

/** The Back link above an admin screen's heading, list or form alike. */
export function BackTo({ to, label }: BackLink) {
  return (
    <Link
      to={to}
      className="-ml-2 inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-stone-600 hover:text-stone-900"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
