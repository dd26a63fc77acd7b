import type { CSSProperties, ReactNode } from 'react';
import Markdown, { type Components, type Options } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import { type LinkPlace, safeHref } from '../../../common/markdown/safe-href';

/**
<<<<<<< HEAD
 * Markdown a person wrote (a facilitator's announcement) as HTML for a mail, safe
 * to put inside the mail layout:
=======
 * Markdown a person wrote (a facilitator's announcement) as part of a mail, safe to put inside
 * the mail layout:
>>>>>>> markdown
 * - no HTML passes through: raw HTML in the source (a block or an inline tag) is shown as text;
 * - links follow safeHref's rule for mails: http(s) and mailto as written, a path on the site made
 *   absolute on `siteUrl` (no link without it), anything else keeps its text and loses the link;
 * - images only from https addresses, at most the mail's width; others are dropped to their alt text;
 * - inline styles stand in for a style sheet (mail apps drop `<style>`).
 * The plain-text part is made from the HTML by the layout (react-email's plainText), so links
 * read 'text [url]' and lists keep their bullets.
 */
export function MailMarkdown(props: { markdown: string; linkColor: string; siteUrl?: string }) {
  const place: LinkPlace = { in: 'mail', siteUrl: props.siteUrl };
  return (
    <Markdown
      remarkPlugins={[remarkGfm, remarkBreaks]}
      remarkRehypeOptions={footnotesAsText}
      urlTransform={(url, key) => (key === 'src' ? safeImageSrc(url, place) : safeHref(url, place)) ?? ''}
      components={mailComponents(/^#[0-9a-f]{3,8}$/i.test(props.linkColor) ? props.linkColor : '#15803d')}
    >
      {props.markdown}
    </Markdown>
  );
}

/** An image a mail shows: https only, so a mail app loads nothing over plain http. */
const safeImageSrc = (url: string, place: LinkPlace) => {
  const src = safeHref(url, place);
  return src && /^https:\/\//i.test(src) ? src : null;
};

const mono = 'ui-monospace,Menlo,Consolas,monospace';
const ink = '#18181b';
const textStyle: CSSProperties = { fontSize: '16px', lineHeight: '24px', margin: '16px 0', color: ink };
const headingStyle: CSSProperties = { lineHeight: 1.3, fontWeight: 700, margin: '24px 0 8px', color: ink };
const headingSizes = ['22px', '20px', '18px', '16px', '16px', '16px'];
const imageStyle: CSSProperties = { maxWidth: '100%', height: 'auto', border: 0, display: 'block', margin: '8px 0' };
const quoteStyle: CSSProperties = {
  margin: '16px 0',
  padding: '0 0 0 12px',
  borderLeft: '3px solid #d4d4d8',
  color: '#3f3f46',
};
const preStyle: CSSProperties = {
  fontFamily: mono,
  fontSize: '14px',
  lineHeight: '20px',
  background: '#f4f4f5',
  borderRadius: '6px',
  padding: '12px',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  margin: '16px 0',
};
const codeStyle: CSSProperties = {
  fontFamily: mono,
  fontSize: '14px',
  background: '#f4f4f5',
  borderRadius: '4px',
  padding: '1px 4px',
};
const listStyle: CSSProperties = {
  fontSize: '16px',
  lineHeight: '24px',
  margin: '16px 0',
  paddingLeft: '24px',
  color: ink,
};
const ruleStyle: CSSProperties = { border: 0, borderTop: '1px solid #e4e4e7', margin: '24px 0' };

type Node = { type: string; value?: string; children?: Node[] };
/** The text of a node and everything in it (a code block's source). */
const textOf = (node: Node | undefined): string =>
  node?.value ?? (node?.children ?? []).map((child) => textOf(child)).join('');

const heading = (level: 1 | 2 | 3 | 4 | 5 | 6) => {
  const Tag = `h${level}` as const;
  const style = { fontSize: headingSizes[level - 1], ...headingStyle };
  return ({ children }: { children?: ReactNode }) => <Tag style={style}>{children}</Tag>;
};

function mailComponents(linkColor: string): Components {
  return {
    p: ({ children }) => <p style={textStyle}>{children}</p>,
    h1: heading(1),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    // a link safeHref refused keeps its text
    a: ({ href, title, children }) =>
      href ? (
        <a href={href} title={title} style={{ color: linkColor, textDecoration: 'underline' }}>
          {children}
        </a>
      ) : (
        children
      ),
    // an image safeImageSrc refused keeps its alt text
    img: ({ src, alt }) => (src ? <img src={String(src)} alt={alt} style={imageStyle} /> : alt),
    blockquote: ({ children }) => <blockquote style={quoteStyle}>{children}</blockquote>,
    // a code block's source as written, without the line break that ends it
    pre: ({ node }) => (
      <pre style={preStyle}>
        <code>{textOf(node as Node | undefined).replace(/\n$/, '')}</code>
      </pre>
    ),
    code: ({ children }) => <code style={codeStyle}>{children}</code>,
    hr: () => <hr style={ruleStyle} />,
    // a task list's checkbox (raw HTML never becomes an input: it is shown as text)
    input: ({ checked }) => (checked ? '☑' : '☐'),
    ul: ({ children }) => <ul style={listStyle}>{children}</ul>,
    ol: ({ start, children }) => (
      <ol start={start} style={listStyle}>
        {children}
      </ol>
    ),
    li: ({ children }) => <li style={{ margin: '4px 0' }}>{children}</li>,
  };
}

/**
 * Footnotes ('text[^1]' and '[^1]: note') stay the text they are: their back-and-forth links
 * point within a page, which a mail is not.
 */
const footnotesAsText: Options['remarkRehypeOptions'] = {
  handlers: {
    footnoteReference: (_state, node) => ({ type: 'text', value: `[^${node.label ?? node.identifier}]` }),
    footnoteDefinition: (state, node) => {
      const label = { type: 'text' as const, value: `[^${node.label ?? node.identifier}]: ` };
      const blocks = state.all(node);
      const first = blocks[0];
      if (first?.type === 'element' && first.tagName === 'p') first.children.unshift(label);
      else blocks.unshift({ type: 'element', tagName: 'p', properties: {}, children: [label] });
      return blocks;
    },
  },
};
