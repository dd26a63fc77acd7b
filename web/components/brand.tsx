import { createContext, useContext } from 'react';
import { type Brand, DEFAULT_BRAND } from '@common/site/brand';

/** What the interface shows of the site's brand; the sender of mails is not needed here. */
export type SiteBrand = Pick<Brand, 'siteName' | 'logoUrl' | 'accentColor'>;

/** The query that holds GET site (features/layout reads it; Admin → Site settings refreshes it). */
export const SITE_QUERY_KEY = ['site'] as const;

/**
 * The brand of the site, provided at the app's root by features/layout (`SiteBrandProvider`);
 * 'Tend' and its green until the answer arrives, and wherever no provider is (component tests).
 */
export const BrandContext = createContext<SiteBrand>(DEFAULT_BRAND);

export const useBrand = () => useContext(BrandContext);
