import type { ReactNode } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { useBrand } from './brand';
import { PageTitle } from '@web/components/page-title';

type FullPageNoticeProps = {
  /** The browser tab's title, before ' · Tend'. */
  pageTitle: string;
  /** The picture above the heading. */
  icon: ReactNode;
  heading: ReactNode;
  /** How wide the card may grow, e.g. 'max-w-md'. */
  widthClassName: string;
  children: ReactNode;
};

/** A page of its own with one centred card: an icon, a heading, a few words and a link back to Tend. */
export function FullPageNotice({ pageTitle, icon, heading, widthClassName, children }: FullPageNoticeProps) {
  const { siteName } = useBrand();
  return (
    <main className="flex min-h-svh items-center justify-center bg-stone-50 px-4 py-12">
      <PageTitle>{pageTitle}</PageTitle>
      <div
        className={clsx(
          'w-full',
          widthClassName,
          'rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm',
        )}
      >
        {icon}
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-stone-900">{heading}</h1>
        {children}
        <Link
          to="/"
          className={clsx(
            'mt-6 inline-flex items-center px-4 py-2',
            'rounded-lg bg-brand-700 text-sm font-semibold text-white shadow-sm',
            'hover:bg-brand-800',
          )}
        >
          Back to {siteName}
        </Link>
      </div>
    </main>
  );
}
