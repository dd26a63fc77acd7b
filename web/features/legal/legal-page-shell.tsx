import type { ReactNode } from 'react';
import type { SitePageName } from '@common/site/schemas';
import { SafeMarkdown } from '@web/components/safe-markdown';
import { LoadFailed, Skeleton, skeletonBlock } from '@web/components/state-panels';
import { BuiltInText, PublicPageFrame } from './public-page-frame';
import { useSitePage } from './site-page-api';

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
    <PublicPageFrame title={title}>
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
        <BuiltInText intro={intro}>{children}</BuiltInText>
      )}
    </PublicPageFrame>
  );
}
