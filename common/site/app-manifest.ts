import { z } from 'zod';

/**
 * The installable app: the web app manifest the server builds from the site's brand
 * (GET /manifest.webmanifest) and the icons it draws for it (GET /app-icons/{name}).
 */

/** How an icon is drawn: the logo on its own ('any'), on a full tile ('maskable', 'apple'), or a shortcut's glyph. */
export type IconStyle = 'any' | 'maskable' | 'apple' | 'shortcut';

/** Every icon the server draws, by file name: its size in pixels and how it is drawn. */
export const APP_ICONS = {
  'icon-192.png': { size: 192, style: 'any' },
  'icon-512.png': { size: 512, style: 'any' },
  'maskable-192.png': { size: 192, style: 'maskable' },
  'maskable-512.png': { size: 512, style: 'maskable' },
  'apple-touch-icon.png': { size: 180, style: 'apple' },
  'favicon-32.png': { size: 32, style: 'any' },
  'shortcut-today.png': { size: 96, style: 'shortcut' },
  'shortcut-messages.png': { size: 96, style: 'shortcut' },
  'shortcut-sessions.png': { size: 96, style: 'shortcut' },
} as const satisfies Record<string, { size: number; style: IconStyle }>;
export type AppIconName = keyof typeof APP_ICONS;

export const AppIconParams = z.object({
  name: z.enum(Object.keys(APP_ICONS) as [AppIconName, ...AppIconName[]]),
});
/** `v`: the icons' version the manifest names (a new one when the logo or the colour changes). */
export const AppIconQuery = z.object({ v: z.string().max(40).optional() });

/** A home screen shows about 12 characters under an icon: the name itself, its first word, or its start. */
export function shortNameOf(siteName: string): string {
  if (siteName.length <= 12) return siteName;
  const first = siteName.split(/\s+/)[0]!;
  return first.length <= 12 ? first : `${siteName.slice(0, 11).trimEnd()}…`;
}

const ManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']).optional(),
});

/** GET /manifest.webmanifest (the W3C Web Application Manifest members the app uses). */
export const WebAppManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(ManifestIcon),
  shortcuts: z.array(
    z.object({
      name: z.string(),
      short_name: z.string(),
      description: z.string(),
      url: z.string(),
      icons: z.array(ManifestIcon),
    }),
  ),
});
export type WebAppManifest = z.infer<typeof WebAppManifest>;
