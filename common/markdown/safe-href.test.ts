import { describe, expect, it } from 'vitest';
import { ON_PAGE, OUTSIDE_REL, relOf, safeHref } from './safe-href';

const SITE = 'https://tend.example';
const OUT = OUTSIDE_REL;

// input, on a page (href, rel), in a mail with the site's address, in a mail without it
const table: [string, string, string | null, string | undefined, string | null, string | null][] = [
  [
    'https',
    'https://a.example/p?q#f',
    'https://a.example/p?q#f',
    OUT,
    'https://a.example/p?q#f',
    'https://a.example/p?q#f',
  ],
  ['http', 'http://a.example', 'http://a.example', OUT, 'http://a.example', 'http://a.example'],
  ['upper-case HTTPS', 'HTTPS://A.example', 'HTTPS://A.example', OUT, 'HTTPS://A.example', 'HTTPS://A.example'],
  ['mailto', 'mailto:me@a.example', 'mailto:me@a.example', undefined, 'mailto:me@a.example', 'mailto:me@a.example'],
  ['a path on the site', '/terms', '/terms', undefined, 'https://tend.example/terms', null],
  ['the site root', '/', '/', undefined, 'https://tend.example/', null],
  ['a fragment', '#top', '#top', undefined, 'https://tend.example/#top', null],
  ['a path with a colon', '/a:b', '/a:b', undefined, 'https://tend.example/a:b', null],
  ['surrounding spaces', '  https://a.example  ', 'https://a.example', OUT, 'https://a.example', 'https://a.example'],
  ['javascript:', 'javascript:alert(1)', null, undefined, null, null],
  ['upper-case JAVASCRIPT:', 'JAVASCRIPT:alert(1)', null, undefined, null, null],
  ['a leading space before javascript:', '  javascript:alert(1)', null, undefined, null, null],
  ['a tab inside the scheme', 'java\tscript:alert(1)', null, undefined, null, null],
  ['a line break inside the scheme', 'java\nscript:alert(1)', null, undefined, null, null],
  ['a control character before the scheme', '\u0001javascript:alert(1)', null, undefined, null, null],
  ['a tab inside a path', '/\t/evil.example', null, undefined, null, null],
  ['a decimal entity', '&#106;avascript:alert(1)', null, undefined, null, null],
  ['a hex entity', '&#x6A;avascript:alert(1)', null, undefined, null, null],
  ['an entity colon', 'javascript&colon;alert(1)', null, undefined, null, null],
  ['data:', 'data:text/html;base64,PHNjcmlwdD4=', null, undefined, null, null],
  ['vbscript:', 'vbscript:msgbox', null, undefined, null, null],
  ['file:', 'file:///etc/passwd', null, undefined, null, null],
  ['protocol-relative //host', '//evil.example', null, undefined, null, null],
  ['a backslash after the slash', '/\\evil.example', null, undefined, null, null],
  ['a relative page', 'terms', null, undefined, null, null],
  ['a query alone', '?a=1', null, undefined, null, null],
  ['nothing', '', null, undefined, null, null],
];

describe('safeHref: where a link someone wrote may point', () => {
  it.each(table)('%s (%j)', (_name, input, page, rel, mail, mailWithoutSite) => {
    const onPage = safeHref(input, ON_PAGE);
    expect(onPage).toBe(page);
    expect(onPage === null ? undefined : relOf(onPage)).toBe(rel);
    expect(safeHref(input, { in: 'mail', siteUrl: SITE })).toBe(mail);
    expect(safeHref(input, { in: 'mail' })).toBe(mailWithoutSite);
  });

  it('puts a path after the whole public address, with or without its trailing slash', () => {
    expect(safeHref('/terms', { in: 'mail', siteUrl: 'https://a.example/tend/' })).toBe('https://a.example/tend/terms');
    expect(safeHref('#top', { in: 'mail', siteUrl: 'https://a.example/tend' })).toBe('https://a.example/tend/#top');
  });

  it('makes no link on a public address that is not a web address', () => {
    for (const siteUrl of ['', 'javascript:alert(1)', '//evil.example', 'tend.example'])
      expect(safeHref('/terms', { in: 'mail', siteUrl })).toBeNull();
  });
});
