import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PlusIcon } from '@heroicons/react/24/outline';
import { buttonStyles } from '@web/components/button-styles';
import { BackTo, type BackLink } from './back-link';
import { PageTitle } from '@web/components/page-title';

type AdminListPageProps = {
  /** the heading and the browser tab's title */
  title: string;
  description?: ReactNode;
  /** 'Add User' and the like, beside the heading */
  action?: ReactNode;
  /** a way back to the form the list belongs to (a facilitator's tiers, a group's posts) */
  back?: BackLink;
  children: ReactNode;
};

/** An admin list screen's frame: Back link, heading with its action, then the table. */
export function AdminListPage({ title, description, action, back, children }: AdminListPageProps) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl">
      <PageTitle>{title}</PageTitle>
      {back && <BackTo {...back} />}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1
            id="page-title"
            className="mt-2 text-2xl font-semibold tracking-tight break-words text-stone-900 sm:text-3xl"
          >
            {title}
          </h1>
          {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
        </div>
        {action}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** 'Add User', 'Add Group', 'Add Tag': a link styled as the page's main button. */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonStyles()}>
      <PlusIcon className="-ml-0.5 size-5" aria-hidden="true" />
      {children}
    </Link>
  );
}
