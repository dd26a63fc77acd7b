import { render } from '@react-email/render';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MailMarkdown } from './markdown';

const mailHtml = (props: { markdown: string; linkColor: string; siteUrl?: string }) =>
  renderToStaticMarkup(createElement(MailMarkdown, props));
const html = (markdown: string) => mailHtml({ markdown, linkColor: '#15803d' });
/** every tag the output opens, by name */
const tags = (out: string) => [...out.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((m) => m[1]!.toLowerCase());
const ALLOWED = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

describe('Markdown for a mail', () => {
  it('renders the usual Markdown with inline styles and the accent colour on links', () => {
    const out = html('# Retreat\n\nCome **early**, _breathe_.\n\n- one\n- two\n\n[Book](https://tend.example/book)');
    expect(out).toContain('<h1 style=');
    expect(out).toContain('<strong>early</strong>');
    expect(out).toContain('<em>breathe</em>');
    expect(out).toMatch(/<ul style="[^"]+">\s*<li style="[^"]+">one<\/li>/);
    expect(out).toContain(
      '<a href="https://tend.example/book" style="color:#15803d;text-decoration:underline">Book</a>',
    );
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>'],
    ['an inline tag in a paragraph', 'Hello <a href="javascript:alert(1)">there</a> <b onclick="x()">b</b>'],
    ['an iframe block', '<iframe src="https://evil.example"></iframe>'],
    ['a style block', '<style>body{display:none}</style>'],
    ['an svg', '<svg onload=alert(1)><circle/></svg>'],
    ['an html comment', '<!-- <script>alert(1)</script> -->'],
    ['a tag inside a blockquote and a list', '> <script>x</script>\n\n- <img src=x onerror=y>'],
  ])('shows %s as text: no HTML passes through', (_name, markdown) => {
    const out = html(markdown);
    for (const tag of tags(out)) expect(ALLOWED.has(tag)).toBe(true);
    expect(out).not.toMatch(/<(script|iframe|style|svg|b |img src="?x)/i);
    expect(out).not.toMatch(/<[^>]*\son[a-z]+=/i);
    // the source is still readable as text
    expect(out).toContain('&lt;');
  });

  it.each([
    ['javascript:', '[x](javascript:alert(1))'],
    ['upper-case JAVASCRIPT:', '[x](JAVASCRIPT:alert(1))'],
    ['an entity-encoded scheme', '[x](&#106;avascript:alert(1))'],
    ['a tab inside the scheme', '[x](java\tscript:alert(1))'],
    ['data:', '[x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['vbscript:', '[x](vbscript:msgbox)'],
    ['a relative path', '[x](/settings)'],
    ['a protocol-relative address', '[x](//evil.example)'],
    ['a reference link to javascript:', '[x][1]\n\n[1]: javascript:alert(1)'],
    ['an autolink to javascript:', '<javascript:alert(1)>'],
  ])('keeps the text of a link to %s and drops the link', (_name, markdown) => {
    const out = html(markdown);
    expect(out).not.toContain('<a ');
    expect(out).not.toMatch(/href=/);
  });

  it('keeps http, https and mailto links, and escapes quotes in them', () => {
    expect(html('[a](http://a.example) [b](mailto:me@a.example) <https://c.example>')).toMatch(
      /href="http:\/\/a\.example".*href="mailto:me@a\.example".*href="https:\/\/c\.example"/,
    );
    const out = html('[x](https://a.example/"onmouseover="alert(1))');
    expect(out).not.toMatch(/"\s*onmouseover=/);
    expect(out).toContain('%22onmouseover=%22');
  });

  it('points a link or an image on the site at its public address (a mail is read away from the site)', () => {
    const out = mailHtml({
      markdown: '[Terms](/terms) [Top](#top) ![Logo](/logo.png)',
      linkColor: '#15803d',
      siteUrl: 'https://tend.example/',
    });
    expect(out).toContain('<a href="https://tend.example/terms"');
    expect(out).toContain('<a href="https://tend.example/#top"');
    expect(out).toContain('<img src="https://tend.example/logo.png" alt="Logo"');
    const plain = mailHtml({ markdown: '![Logo](/logo.png)', linkColor: '#15803d', siteUrl: 'http://tend.example' });
    expect(plain).not.toContain('<img');
    expect(plain).toContain('Logo');
  });

  it('renders task lists, numbered lists from their start, line breaks and footnotes as text', () => {
    const out = html('- [x] done\n- [ ] todo\n\n3. three\n4. four\n\nline one\nline two\n\nnote[^1]\n\n[^1]: the note');
    expect(out).toMatch(/<li style="[^"]+">☑ done<\/li>\s*<li style="[^"]+">☐ todo<\/li>/);
    expect(out).not.toContain('<input');
    expect(out).toMatch(/<ol start="3" style="[^"]+">/);
    expect(out).toMatch(/line one<br\/?>\s*line two/);
    expect(out).toContain('note[^1]');
    expect(out).toContain('[^1]: the note');
    expect(out).not.toMatch(/<(section|sup)\b|href="#/);
  });

  it('shows only https images, narrowed to the mail, and the alt text of any other', () => {
    const out = html(
      '![Sunrise](https://img.example/sun.png) ![Plain](http://img.example/p.png) ![Data](data:image/png;base64,AAAA)',
    );
    expect(out).toContain('<img src="https://img.example/sun.png" alt="Sunrise" style="max-width:100%');
    expect(out).not.toContain('http://img.example');
    expect(out).not.toContain('data:image');
    expect(out).toContain('Plain');
    expect(out).toContain('Data');
    expect(html('![a"onerror="x](https://img.example/a.png)')).toContain('alt="a&quot;onerror=&quot;x"');
  });

  it('escapes code, and an unsafe colour falls back to the default', () => {
    expect(html('`<b>` and\n\n```\n</code><script>\n```')).not.toMatch(/<b>|<script>/);
    expect(mailHtml({ markdown: '[a](https://a.example)', linkColor: 'red;background:url(x)' })).toContain(
      'color:#15803d',
    );
  });

  it('reads well as the plain-text part: link addresses, bullets, no tags', async () => {
    const markdown = 'Hello **all**\n\n- one\n- two\n\n[Book](https://a.example/b) <script>x</script>';
    const text = await render(createElement(MailMarkdown, { markdown, linkColor: '#15803d' }), { plainText: true });
    expect(text).toMatch(/Hello (all|ALL)/);
    expect(text).toMatch(/\* one\s+\* two/);
    expect(text).toContain('Book https://a.example/b');
    expect(text).toContain('<script>x</script>');
  });
});
