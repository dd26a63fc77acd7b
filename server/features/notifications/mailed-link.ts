import { safeHref } from '../../../common/markdown/safe-href';

/**
 * A notification's link (a path in the app) as a mail needs it: on the site's public address, by
 * the same rule as a link written in a mail, and the site's home page for one that is no link.
 */
export const mailedLink = (link: string, publicUrl: string) =>
  safeHref(link, { in: 'mail', siteUrl: publicUrl }) ?? publicUrl;
