import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@web/components/page-title';
import { SiteFooter } from '@web/components/site-footer';
import { TendLogo } from '@web/components/tend-logo';
import clsx from 'clsx';

/** A public reading page: logo bar, one white card with the page's heading, the shared footer. */
export function PublicPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-stone-50">
      <PageTitle>{title}</PageTitle>
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Link to="/" className="flex min-w-0 rounded-lg">
            <TendLogo />
          </Link>
        </div>
      </header>
      <main id="main" className="flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <article className="mx-auto max-w-3xl rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-10">
          <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
          {children}
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The built-in text of a public page: its intro, then sections with h2 headings. */
export function BuiltInText({ intro, children }: { intro: string; children: ReactNode }) {
  return (
    <>
      <p className="mt-3 text-base text-stone-600">{intro}</p>
      <div
        className={clsx(
          'mt-8 space-y-8',
          'text-sm leading-relaxed text-stone-700',
          '[&_h2]:mb-2 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-stone-900 [&_a]:font-medium',
          '[&_a]:text-brand-700 [&_a]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5',
        )}
      >
        {children}
      </div>
    </>
  );
}
