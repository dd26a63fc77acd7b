import Markdown from 'react-markdown';
import clsx from 'clsx';
import { ON_PAGE, relOf, safeHref } from '@common/markdown/safe-href';

/** The look of a reading page's text (headings, lists, links), shared by Markdown and built-in pages. */
export const proseStyles = clsx(
  'space-y-4',
  'text-sm leading-relaxed text-stone-700',
  '[&_h1]:text-xl [&_h1]:font-semibold [&_h1]:text-stone-900 [&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-base',
  '[&_h2]:font-semibold [&_h2]:text-stone-900 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-stone-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5',
  '[&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_blockquote]:border-l-4 [&_blockquote]:border-stone-200',
  '[&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_hr]:border-stone-200',
);

/**
 * Markdown an admin wrote (Terms, Privacy, Contact), rendered safely: raw HTML is dropped, not
 * shown or run; images are left out (nothing outside loads for a reader); links follow safeHref's
 * rule for a page: http(s), mailto or a path on this site.
 */
export function SafeMarkdown({ markdown, className }: { markdown: string; className?: string }) {
  return (
    <div className={clsx(proseStyles, className)}>
      <Markdown
        skipHtml
        disallowedElements={['img']}
        urlTransform={(url) => safeHref(url, ON_PAGE) ?? ''}
        components={{
          // a link safeHref refused keeps its text
          a: ({ href, children }) =>
            href ? (
              <a href={href} rel={relOf(href)}>
                {children}
              </a>
            ) : (
              <span>{children}</span>
            ),
        }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
