import type { AdminSiteAnswer, SiteAnswer } from '../../../common/site/schemas';
import type { SiteSettings } from '../../db/schema';

/** GET site: the brand only (the sender and the pages are not needed on every page load). */
export const presentSite = (s: Pick<SiteSettings, 'siteName' | 'logoUrl' | 'accentColor'>): SiteAnswer => ({
  siteName: s.siteName,
  logoUrl: s.logoUrl,
  accentColor: s.accentColor,
});

/** GET/POST admin/site: every setting the form edits. */
export const presentAdminSite = (s: SiteSettings): AdminSiteAnswer => ({
  ...presentSite(s),
  senderName: s.senderName,
  senderAddress: s.senderAddress,
  termsMarkdown: s.termsMarkdown,
  privacyMarkdown: s.privacyMarkdown,
  contactMarkdown: s.contactMarkdown,
  updatedAt: s.updatedAt.toISOString(),
});
