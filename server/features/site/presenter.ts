import type { AdminSiteAnswer, SiteAnswer } from '../../../common/site/schemas';
import type { SiteSettings } from '../../db/schema';
import { APP_ICONS, type AppIconName, shortNameOf, type WebAppManifest } from '../../../common/site/app-manifest';

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
  membersMayBecomeFacilitators: s.membersMayBecomeFacilitators,
  newAccountDays: s.newAccountDays,
  newAccountPostsPerHour: s.newAccountPostsPerHour,
  newAccountMessagesPerHour: s.newAccountMessagesPerHour,
  reportHideThreshold: s.reportHideThreshold,
  crisisResources: s.crisisResources,
  updatedAt: s.updatedAt.toISOString(),
});

/** The app's page background (web/index.html, stone-50): the splash screen's, before the app paints. */
const PAGE_BACKGROUND = '#fafaf9';

/**
 * GET /manifest.webmanifest: the installable app, named and coloured by the brand. It opens on
 * the member's daily practice (/), full screen in its own window; its icons are drawn from the
 * logo (`iconVersion` names them, so a new logo is a new URL).
 */
export function presentAppManifest(
  s: Pick<SiteSettings, 'siteName' | 'accentColor'>,
  iconVersion: string,
): WebAppManifest {
  const icon = (name: AppIconName, purpose?: 'any' | 'maskable') => {
    const { size } = APP_ICONS[name];
    return {
      src: `/app-icons/${name}?v=${iconVersion}`,
      sizes: `${size}x${size}`,
      type: 'image/png' as const,
      ...(purpose ? { purpose } : {}),
    };
  };
  const shortcut = (name: string, description: string, url: string, iconName: AppIconName) => ({
    name,
    short_name: name,
    description,
    url,
    icons: [icon(iconName)],
  });
  return {
    id: '/',
    name: s.siteName,
    short_name: shortNameOf(s.siteName),
    description: `${s.siteName}: your daily practice, your community, your facilitators.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: s.accentColor,
    background_color: PAGE_BACKGROUND,
    icons: [
      icon('icon-192.png', 'any'),
      icon('icon-512.png', 'any'),
      icon('maskable-192.png', 'maskable'),
      icon('maskable-512.png', 'maskable'),
    ],
    shortcuts: [
      shortcut('Today', "Today's practice", '/', 'shortcut-today.png'),
      shortcut('Messages', 'Your conversations', '/messages', 'shortcut-messages.png'),
      shortcut('Sessions', 'Your booked sessions', '/profile?tab=sessions', 'shortcut-sessions.png'),
    ],
  };
}
