import { Marked, type Tokens } from 'marked';

/**
 * Markdown a person wrote (a facilitator's announcement) as HTML for a mail, safe
 * to put inside the mail layout:
 * - no HTML passes through: raw HTML in the source (a block or an inline tag) is shown as text;
 * - links only to http(s) and mailto addresses; any other (javascript:, data:, relative, an
 *   entity-encoded scheme) keeps its text and loses the link;
 * - images only from https addresses, at most the mail's width; others are dropped to their alt text;
 * - every attribute value is escaped, and inline styles stand in for a style sheet (mail apps
 *   drop `<style>`).
 * The plain-text part is made from this HTML by the layout (react-email's plainText), so links
 * read 'text [url]' and lists keep their bullets.
 */
export function markdownToMailHtml(markdown: string, options: { linkColor: string }): string {
  return parser(options.linkColor).parse(markdown, { async: false });
}

/** The announcement's Markdown inside a mail's content section. */
export function MailMarkdown(props: { markdown: string; linkColor: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdownToMailHtml lets no HTML of the writer through
  return <div dangerouslySetInnerHTML={{ __html: markdownToMailHtml(props.markdown, props) }} />;
}

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i;
const SAFE_IMAGE = /^https:\/\//i;

/** Only what a mail may link to: absolute http(s) and mailto, as written (no control characters). */
export const safeLinkHref = (href: string | null | undefined) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  href && SAFE_LINK.test(href) && !/[\u0000-\u001f\u007f\s]/.test(href) ? href : null;
const safeImageSrc = (src: string | null | undefined) => (src && SAFE_IMAGE.test(src) ? safeLinkHref(src) : null);

export function escapeHtml(text: string) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const text = 'font-size:16px;line-height:24px;margin:16px 0;color:#18181b';
const headingSizes: Record<number, string> = { 1: '22px', 2: '20px', 3: '18px' };
const mono = 'ui-monospace,Menlo,Consolas,monospace';
const headingStyle = 'line-height:1.3;font-weight:700;margin:24px 0 8px;color:#18181b';
const imageStyle = 'max-width:100%;height:auto;border:0;display:block;margin:8px 0';
const quoteStyle = 'margin:16px 0;padding:0 0 0 12px;border-left:3px solid #d4d4d8;color:#3f3f46';
const preStyle =
  `font-family:${mono};font-size:14px;line-height:20px;background:#f4f4f5;border-radius:6px;padding:12px;` +
  'white-space:pre-wrap;word-break:break-word;margin:16px 0';
const codeStyle = `font-family:${mono};font-size:14px;background:#f4f4f5;border-radius:4px;padding:1px 4px`;
const listStyle = 'font-size:16px;line-height:24px;margin:16px 0;padding-left:24px;color:#18181b';

function parser(linkColor: string) {
  const color = /^#[0-9a-f]{3,8}$/i.test(linkColor) ? linkColor : '#15803d';
  const marked = new Marked({ gfm: true, breaks: true, async: false });
  marked.use({
    renderer: {
      // raw HTML, block or inline: shown as the text it is
      html: ({ text: raw }: Tokens.HTML | Tokens.Tag) => escapeHtml(raw),
      paragraph(token: Tokens.Paragraph) {
        return `<p style="${text}">${this.parser.parseInline(token.tokens)}</p>\n`;
      },
      heading(token: Tokens.Heading) {
        const size = headingSizes[token.depth] ?? '16px';
        const level = Math.min(Math.max(token.depth, 1), 6);
        const inner = this.parser.parseInline(token.tokens);
        return `<h${level} style="font-size:${size};${headingStyle}">${inner}</h${level}>\n`;
      },
      link(token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const href = safeLinkHref(token.href);
        if (!href) return inner;
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        return `<a href="${escapeHtml(href)}"${title} style="color:${color};text-decoration:underline">${inner}</a>`;
      },
      image(token: Tokens.Image) {
        const src = safeImageSrc(token.href);
        if (!src) return escapeHtml(token.text);
        return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}" style="${imageStyle}">`;
      },
      blockquote(token: Tokens.Blockquote) {
        return `<blockquote style="${quoteStyle}">${this.parser.parse(token.tokens)}</blockquote>\n`;
      },
      code(token: Tokens.Code) {
        return `<pre style="${preStyle}"><code>${escapeHtml(token.text)}</code></pre>\n`;
      },
      codespan: (token: Tokens.Codespan) => `<code style="${codeStyle}">${escapeHtml(token.text)}</code>`,
      hr: () => '<hr style="border:0;border-top:1px solid #e4e4e7;margin:24px 0">\n',
      checkbox: ({ checked }: Tokens.Checkbox) => (checked ? '☑ ' : '☐ '),
      list(token: Tokens.List) {
        const tag = token.ordered ? 'ol' : 'ul';
        const start = token.ordered && token.start !== 1 && token.start !== '' ? ` start="${Number(token.start)}"` : '';
        const items = token.items.map((item) => this.listitem(item)).join('');
        return `<${tag}${start} style="${listStyle}">${items}</${tag}>\n`;
      },
      listitem(item: Tokens.ListItem) {
        return `<li style="margin:4px 0">${this.parser.parse(item.tokens)}</li>\n`;
      },
    },
  });
  return marked;
}
