import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SitePageName } from '@common/site/schemas';
import { SafeMarkdown } from '@web/components/safe-markdown';
import { SiteFooter } from '@web/components/site-footer';
import { LoadFailed, Skeleton, skeletonBlock } from '@web/components/state-panels';
import { TendLogo } from '@web/components/tend-logo';
import { useSitePage } from './site-page-api';
import { PageTitle } from '@web/components/page-title';

/**
 * A public reading page: logo bar, one white card of text, the shared footer. The text is what
 * the admin wrote in Admin → Site settings (Markdown, rendered safely), or the built-in text
 * (`intro` and `children`) when they wrote none.
 */
export function LegalPageShell({
  page,
  title,
  intro,
  children,
}: {
  page: SitePageName;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const markdown = useSitePage(page);
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
          {markdown.isPending ? (
            <div className="mt-6">
              <Skeleton label={`Loading ${title}…`}>
                <div className="space-y-3">
                  {[0, 1, 2, 3].map((row) => (
                    <div key={row} className={`h-4 ${row === 3 ? 'w-2/3' : 'w-full'} ${skeletonBlock}`} />
                  ))}
                </div>
              </Skeleton>
            </div>
          ) : markdown.isError ? (
            <div className="mt-6">
              <LoadFailed message={`We could not load the ${title}.`} onRetry={() => markdown.refetch()} />
            </div>
          ) : markdown.data.trim() ? (
            <SafeMarkdown markdown={markdown.data} className="mt-6" />
          ) : (
            <>
              <p className="mt-3 text-base text-stone-600">{intro}</p>
              <div className="mt-8 space-y-8 text-sm leading-relaxed text-stone-700 [&_h2]:mb-2 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-stone-900 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
                {children}
              </div>
            </>
          )}
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
