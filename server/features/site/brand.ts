import { eq } from 'drizzle-orm';
import { type Brand, DEFAULT_BRAND } from '../../../common/site/brand';
import type { Executor } from '../../db/client';
import { siteSettings } from '../../db/schema';

/** The site's brand as set in Admin → Site settings (the migration makes the one row). */
export async function loadBrand(db: Executor): Promise<Brand> {
  const [row] = await db
    .select({
      siteName: siteSettings.siteName,
      logoUrl: siteSettings.logoUrl,
      accentColor: siteSettings.accentColor,
      senderName: siteSettings.senderName,
      senderAddress: siteSettings.senderAddress,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row ?? DEFAULT_BRAND;
}
