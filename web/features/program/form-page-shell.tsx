import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, ExclamationCircleIcon } from '@heroicons/react/24/outline';
import { ApiError } from '@web/api/client';
import { buttonStyles } from '@web/components/button-styles';
import { PageTitle } from '@web/components/page-title';
import { backLinkStyles } from '@web/components/link-styles';

type FormPageShellProps = { title: string; subtitle?: ReactNode; backTo: string; children: ReactNode };

/** The tier and content form pages: a back link, the title, one white card. */
export function FormPageShell({ title, subtitle, backTo, children }: FormPageShellProps) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl">
      <PageTitle>{title}</PageTitle>
      <Link to={backTo} className={backLinkStyles}>
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back to Membership
      </Link>
      <h1 id="page-title" className="mt-2 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {title}
      </h1>
      {subtitle && <p className="mt-1 text-sm text-stone-600">{subtitle}</p>}
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">{children}</div>
    </section>
  );
}

/** A form's record could not be loaded: missing (404) or a failure that may pass. */
export function LoadFailed({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
      <ExclamationCircleIcon className="size-8 text-red-700" aria-hidden="true" />
      <p className="text-sm text-stone-700">
        {missing ? `This ${what} could not be found.` : `We could not load this ${what}.`}
      </p>
      {missing ? (
        <Link to="/program" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
          Back to Membership
        </Link>
      ) : (
        <button type="button" onClick={onRetry} className={buttonStyles({ size: 'sm' })}>
          Try again
        </button>
      )}
    </div>
  );
}
