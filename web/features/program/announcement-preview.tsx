import { useMemo } from 'react';
import { EnvelopeIcon } from '@heroicons/react/24/outline';
import clsx from 'clsx';

const STYLE_ATTRIBUTE = 'data-mail-style';

/**
 * A srcdoc frame lives under this page's Content Security Policy (style-src 'self'), which drops
 * the mail's inline style attributes. So they travel as data attributes and are applied through
 * CSSOM once the frame has loaded (CSSOM is not inline markup, and the policy allows it).
 */
function withStylesAside(html: string) {
  // a string rewrite, not DOMParser: a parsed document reports every style attribute to the CSP.
  // The server's mail escapes quotes in text, so ` style="` only ever starts an attribute.
  return html.replace(/(\s)style="/g, `$1${STYLE_ATTRIBUTE}="`);
}

function applyStyles(frame: HTMLIFrameElement) {
  for (const element of frame.contentDocument?.querySelectorAll<HTMLElement>(`[${STYLE_ATTRIBUTE}]`) ?? []) {
    element.style.cssText = element.getAttribute(STYLE_ATTRIBUTE) ?? '';
  }
}

/**
 * The mail as members get it: the server's own HTML of the mail (the honest preview), in a
 * sandboxed frame where nothing runs (no scripts, forms, pop-ups or navigation of this page;
 * same-origin only so this page can apply the mail's styles, see withStylesAside).
 */
export function AnnouncementPreview({ html, subject }: { html: string | null; subject: string | null }) {
  const srcDoc = useMemo(() => (html === null ? null : withStylesAside(html)), [html]);
  return (
    <section aria-label="Email preview" className="min-w-0">
      <h3 className="mb-2 text-sm font-medium text-stone-700">Email preview</h3>
      {srcDoc === null ? (
        <div
          className={clsx(
            'flex min-h-64 flex-col items-center justify-center gap-2 px-6 py-10',
            'rounded-xl border border-dashed border-stone-300 bg-stone-50 text-center',
          )}
        >
          <EnvelopeIcon className="size-6 text-stone-500" aria-hidden="true" />
          <p className="max-w-xs text-sm text-stone-600">
            Press Preview to see the email exactly as your members will get it.
          </p>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
          <p className="truncate border-b border-stone-200 bg-white px-3 py-2 text-sm text-stone-800">
            <span className="text-stone-500">Subject: </span>
            {subject}
          </p>
          <iframe
            title={`Preview of the email “${subject ?? ''}”`}
            sandbox="allow-same-origin"
            srcDoc={srcDoc}
            onLoad={(event) => applyStyles(event.currentTarget)}
            className="block h-[36rem] w-full bg-white"
          />
        </div>
      )}
    </section>
  );
}
