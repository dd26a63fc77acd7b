import { eq } from 'drizzle-orm';
import { DEFAULT_BRAND } from '../../../common/site/brand';
import type { SitePageName } from '../../../common/site/schemas';
import { type SiteSettings, siteSettings } from '../../db/schema';
import type { CommandContext } from '../../platform/context';

/** The context a read needs: the database or the caller's transaction. */
type Reads = Pick<CommandContext, 'db'>;

/** The one settings row (the migration makes it; an install without it reads the defaults). */
export async function loadSiteSettings(ctx: Reads): Promise<SiteSettings> {
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (row) return row;
  const [made] = await ctx.db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return made ?? (await loadSiteSettings(ctx));
}

/** GET site: the brand everyone sees, and when it last changed (its ETag). */
export async function loadPublicSite(ctx: Reads) {
  const [row] = await ctx.db
    .select({
      siteName: siteSettings.siteName,
      logoUrl: siteSettings.logoUrl,
      accentColor: siteSettings.accentColor,
      updatedAt: siteSettings.updatedAt,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row ?? { ...DEFAULT_BRAND, updatedAt: new Date(0) };
}

const PAGE_COLUMNS = {
  terms: 'termsMarkdown',
  privacy: 'privacyMarkdown',
  contact: 'contactMarkdown',
} as const satisfies Record<SitePageName, keyof SiteSettings>;

/** One page's Markdown ('' when the admin wrote none) and when the settings last changed. */
export async function loadSitePage(ctx: Reads, name: SitePageName) {
  const column = siteSettings[PAGE_COLUMNS[name]];
  const [row] = await ctx.db
    .select({ markdown: column, updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row ?? { markdown: '', updatedAt: new Date(0) };
}
