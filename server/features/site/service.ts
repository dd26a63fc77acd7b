import { eq } from 'drizzle-orm';
import { DEFAULT_BRAND } from '../../../common/site/brand';
import { readableOnWhite } from '../../../common/site/colors';
import type { SaveSiteValues, SitePageName } from '../../../common/site/schemas';
import type { Executor } from '../../db/client';
import { type SiteSettings, siteSettings } from '../../db/schema';
import { type CommandContext, inTransaction, recordAudit } from '../../platform/context';
import { badRequest } from '../../platform/errors';

/** The one settings row (the migration makes it; an install without it reads the defaults). */
export async function loadSiteSettings(db: Executor): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (row) return row;
  const [made] = await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return made ?? (await loadSiteSettings(db));
}

/** GET site: the brand everyone sees, and when it last changed (its ETag). */
export async function loadPublicSite(db: Executor) {
  const [row] = await db
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
export async function loadSitePage(db: Executor, name: SitePageName) {
  const column = siteSettings[PAGE_COLUMNS[name]];
  const [row] = await db
    .select({ markdown: column, updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row ?? { markdown: '', updatedAt: new Date(0) };
}

/**
 * A logo is an image uploaded through the site's image host: '' or `<urlEndpoint>/<path>`. A link
 * to anywhere else is refused (it would be loaded by every visitor and every mail reader).
 */
export function isUploadedImageUrl(url: string, urlEndpoint: string): boolean {
  if (url === '') return true;
  const base = `${urlEndpoint.replace(/\/$/, '')}/`;
  if (!url.startsWith(base)) return false;
  const path = url.slice(base.length);
  return /^[\w./-]+$/.test(path) && !path.split('/').includes('..');
}

const BRAND_FIELDS = ['siteName', 'logoUrl', 'accentColor', 'senderName', 'senderAddress'] as const;
const PAGE_FIELDS = ['termsMarkdown', 'privacyMarkdown', 'contactMarkdown'] as const;

/** What an admin changed, for the audit entry: old and new brand values, and which pages were edited. */
function changesOf(before: SiteSettings, after: SaveSiteValues) {
  const changes: Record<string, unknown> = {};
  for (const field of BRAND_FIELDS)
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  for (const field of PAGE_FIELDS)
    if (before[field] !== after[field])
      changes[field] = { fromLength: before[field].length, toLength: after[field].length };
  return changes;
}

/**
 * Admin → Site settings: saves every setting, audited. The accent colour must carry white button
 * text at 4.5:1 (`accent_color_low_contrast`); the logo must be an upload (`logo_not_uploaded`).
 */
export async function saveSiteSettings(
  ctx: CommandContext,
  opts: { input: SaveSiteValues; imageUrlEndpoint: string; now?: Date },
): Promise<SiteSettings> {
  const { input } = opts;
  if (!readableOnWhite(input.accentColor)) throw badRequest('accent_color_low_contrast');
  if (!isUploadedImageUrl(input.logoUrl, opts.imageUrlEndpoint)) throw badRequest('logo_not_uploaded');
  return inTransaction(ctx, async (ctx) => {
    const before = await loadSiteSettings(ctx.db);
    const [row] = await ctx.db
      .update(siteSettings)
      .set({ ...input, updatedAt: opts.now ?? new Date() })
      .where(eq(siteSettings.id, 1))
      .returning();
    await recordAudit(ctx, {
      action: 'update',
      targetType: 'site',
      targetId: null,
      details: { name: input.siteName, changes: changesOf(before, input) },
    });
    return row!;
  });
}
