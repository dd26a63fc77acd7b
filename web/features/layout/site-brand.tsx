import { type ReactNode, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_BRAND } from '@common/site/brand';
import { accentShades, HEX_COLOR } from '@common/site/colors';
import { readSiteAnswer } from '@common/site/read-site-answer';
import { api } from '@web/api/client';
import { BrandContext, SITE_QUERY_KEY, type SiteBrand } from '@web/components/brand';

/** The last brand seen, so a reload paints the site's own name and colour before GET site answers. */
export const BRAND_STORAGE_KEY = 'site-brand';

function rememberedBrand(): SiteBrand | undefined {
  try {
    return readSiteAnswer(JSON.parse(localStorage.getItem(BRAND_STORAGE_KEY) ?? 'null'));
  } catch {
    return undefined;
  }
}

/** GET site: public, revalidated by the browser with its ETag (a 304 while nothing changed). */
export async function getSite(): Promise<SiteBrand> {
  const site = readSiteAnswer(await api.call('site'));
  if (!site) throw new Error('GET site: unexpected answer');
  try {
    localStorage.setItem(BRAND_STORAGE_KEY, JSON.stringify(site));
  } catch {
    // private mode: the brand is fetched again next time
  }
  return site;
}

export const siteQueryOptions = () => ({
  queryKey: SITE_QUERY_KEY,
  queryFn: getSite,
  staleTime: 5 * 60_000,
  placeholderData: rememberedBrand,
});

const SHADES = ['50', '100', '600', '700', '800', '900'] as const;

/**
 * The accent colour as the theme's brand shades (web/styles/app.css `--color-brand-*`): the
 * accent is 700 (buttons, links, focus rings), the server keeps it at 4.5:1 under white text.
 * The default accent keeps the stylesheet's own palette. The theme colour follows the accent.
 */
export function applyAccent(accent: string, root: HTMLElement = document.documentElement) {
  const custom = HEX_COLOR.test(accent) && accent.toLowerCase() !== DEFAULT_BRAND.accentColor;
  const shades = custom ? accentShades(accent) : undefined;
  for (const shade of SHADES) {
    if (shades) root.style.setProperty(`--color-brand-${shade}`, shades[shade]);
    else root.style.removeProperty(`--color-brand-${shade}`);
  }
  // the browser's and the installed app's bar (index.html holds the default accent)
  if (HEX_COLOR.test(accent)) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', accent);
}

/**
 * Screens title themselves with PageTitle ('<page> · <site name>'); what is left is index.html's
 * own '<title>Tend</title>' (shown while no screen sets one) and any title written the old way:
 * this puts the site's name in place of 'Tend' there.
 */
export function brandedTitle(title: string, siteName: string): string {
  if (siteName === DEFAULT_BRAND.siteName) return title;
  if (title === DEFAULT_BRAND.siteName) return siteName;
  return title.replace(/( · )Tend(?=$| \()/, (_, separator: string) => `${separator}${siteName}`);
}

/** Keeps document.title branded whenever a screen sets it (React renders <title> into <head>). */
function useBrandedTitles(siteName: string) {
  useEffect(() => {
    const brand = () => {
      const next = brandedTitle(document.title, siteName);
      if (next !== document.title) document.title = next;
    };
    brand();
    const observer = new MutationObserver(brand);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [siteName]);
}

/**
 * The site's brand for everything below: the logo and name (`TendLogo`), the page
 * titles and the accent colour. 'Tend' until GET site answers, and if it fails.
 */
export function SiteBrandProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(siteQueryOptions());
  const brand = data ?? DEFAULT_BRAND;
  useEffect(() => applyAccent(brand.accentColor), [brand.accentColor]);
  useBrandedTitles(brand.siteName);
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}
