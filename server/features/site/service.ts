import { eq } from 'drizzle-orm';
import { readableOnWhite } from '../../../common/site/colors';
import type { SaveSiteValues } from '../../../common/site/schemas';
import { type SiteSettings, siteSettings } from '../../db/schema';
import { type CommandContext, inTransaction, recordAudit } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { loadSiteSettings } from './queries';

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
const BRAKE_FIELDS = ['newAccountDays', 'newAccountPostsPerHour', 'newAccountMessagesPerHour'] as const;

/** What an admin changed, for the audit entry: old and new brand values, and which pages were edited. */
function changesOf(before: SiteSettings, after: SaveSiteValues) {
  const changes: Record<string, unknown> = {};
  for (const field of BRAND_FIELDS)
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  for (const field of PAGE_FIELDS)
    if (before[field] !== after[field])
      changes[field] = { fromLength: before[field].length, toLength: after[field].length };
  for (const field of BRAKE_FIELDS) {
    const value = after[field];
    if (value !== undefined && value !== before[field]) changes[field] = { from: before[field], to: value };
  }
  const mayBecome = after.membersMayBecomeFacilitators;
  if (mayBecome !== undefined && mayBecome !== before.membersMayBecomeFacilitators)
    changes.membersMayBecomeFacilitators = { from: before.membersMayBecomeFacilitators, to: mayBecome };
  if (after.reportHideThreshold !== undefined && after.reportHideThreshold !== before.reportHideThreshold)
    changes.reportHideThreshold = { from: before.reportHideThreshold, to: after.reportHideThreshold };
  if (after.crisisResources !== undefined && after.crisisResources !== before.crisisResources)
    changes.crisisResources = { fromLength: before.crisisResources.length, toLength: after.crisisResources.length };
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
    const before = await loadSiteSettings(ctx);
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

/** Whether the site's admins let members become facilitators themselves (on by default). */
export const membersMayBecomeFacilitators = async (ctx: Pick<CommandContext, 'db'>) =>
  (await loadSiteSettings(ctx)).membersMayBecomeFacilitators;
