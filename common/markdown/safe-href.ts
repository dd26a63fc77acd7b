/**
 * Where a link someone wrote is shown: on one of the site's pages, where a path on the site works
 * as written, or in a mail, read away from the site, where a path works only with the site's
 * public address in front (and is no link when that address is not known).
 */
export type LinkPlace = { in: 'page' } | { in: 'mail'; siteUrl?: string };

export const ON_PAGE: LinkPlace = { in: 'page' };

/** A link that leaves the site passes on no ranking credit, no window.opener and no Referer. */
export const OUTSIDE_REL = 'nofollow noopener noreferrer';

const SAFE_SCHEME = /^(?:https?|mailto)$/i;
// Browsers skip tabs and line breaks inside an address and control characters around it, so an
// address holding one (or any other space) could spell a scheme other than the one read here.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const HIDDEN = /[\u0000-\u001f\u007f\s]/;
// A path from the site's root or a fragment; '//host' and '/\host' lead to another host.
const SITE_PATH = /^(?:\/(?![/\\])|#)/;

/**
 * The scheme of an address, or null for a relative one: as in react-markdown's defaultUrlTransform,
 * a colon after the first '/', '?' or '#' is part of the path, not the end of a scheme.
 */
function schemeOf(href: string): string | null {
  const colon = href.indexOf(':');
  if (colon === -1) return null;
  const pathStart = href.search(/[/?#]/);
  return pathStart !== -1 && pathStart < colon ? null : href.slice(0, colon);
}

/**
 * The address a link someone wrote may point to, or null to keep only its text. http(s) and
 * mailto addresses pass as written; a path on the site ('/terms', '#top') passes on a page and
 * becomes absolute on the site's public address in a mail; anything else (javascript:, data:,
 * vbscript:, '//host', a relative 'page', a scheme hidden by entities, spaces or control
 * characters) is no link.
 */
export function safeHref(url: string, place: LinkPlace): string | null {
  const href = url.trim();
  if (!href || HIDDEN.test(href)) return null;
  const scheme = schemeOf(href);
  if (scheme !== null) return SAFE_SCHEME.test(scheme) ? href : null;
  if (!SITE_PATH.test(href)) return null;
  if (place.in === 'page') return href;
  const site = place.siteUrl?.trim().replace(/\/+$/, '');
  if (!site || HIDDEN.test(site) || !/^https?:\/\/[^/?#]/i.test(site)) return null;
  return href.startsWith('#') ? `${site}/${href}` : `${site}${href}`;
}

/** The rel of a link made by safeHref: outside links (http and https) get OUTSIDE_REL, others none. */
export const relOf = (href: string): string | undefined => (/^https?:/i.test(href) ? OUTSIDE_REL : undefined);
