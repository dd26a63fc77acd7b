import { useBrand } from './brand';

/**
 * The document title of a screen: '<page> · <site name>' (React renders it into <head>). The one
 * place titles name the site, so a renamed site (Admin → Site settings) shows in every tab.
 */
export function PageTitle({ children, note = '' }: { children: string; note?: string }) {
  const { siteName } = useBrand();
  return <title>{`${children} · ${siteName}${note}`}</title>;
}
