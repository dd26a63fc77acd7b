import { Link } from 'react-router';
import { ArrowLeftIcon } from '@heroicons/react/24/outline';
import { backLinkStyles } from '@web/components/link-styles';

/** Where an admin screen's Back link goes, and what it says ('Back to Users'). */
export type BackLink = { to: string; label: string };

/** The Back link above an admin screen's heading, list or form alike. */
export function BackTo({ to, label }: BackLink) {
  return (
    <Link to={to} className={backLinkStyles}>
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
