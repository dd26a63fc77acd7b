import { eq, sql } from 'drizzle-orm';
import { images, mediaFiles, users, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { HttpError } from '../../platform/errors';

export const QUOTA_MESSAGES = {
  unconfirmed: 'Confirm your email address before uploading files.',
  full: (quotaMb: number) =>
    `You have used your ${quotaMb} MB of uploads. Remove files you no longer need, or ask the site's team for more room.`,
} as const;

/** Bytes an account has stored: its images and its media files (each summed over its owner index). */
export async function bytesStored(ctx: AppContext, userId: string) {
  const [img] = await ctx.db
    .select({ n: sql<string>`coalesce(sum(${images.size}), 0)` })
    .from(images)
    .where(eq(images.ownerId, userId));
  const [media] = await ctx.db
    .select({ n: sql<string>`coalesce(sum(${mediaFiles.size}), 0)` })
    .from(mediaFiles)
    .where(eq(mediaFiles.ownerId, userId));
  return Number(img?.n ?? 0) + Number(media?.n ?? 0);
}

/**
 * Who may upload, and how much more (issue 17 item 10): confirmed accounts only, up to
 * UPLOAD_QUOTA_MB each (admins without limit). Answers the bytes still free; refuses with 403
 * (unconfirmed) or 413 (full) before anything is read.
 */
export async function uploadRoom(ctx: AppContext, user: User) {
  if (!user.emailConfirmed)
    throw new HttpError(403, { error: QUOTA_MESSAGES.unconfirmed, code: 'email_not_confirmed' });
  if (user.isAdmin) return Number.POSITIVE_INFINITY;
  const quota = ctx.config.uploadQuotaMb * 1024 * 1024;
  const free = quota - (await bytesStored(ctx, user.id));
  if (free <= 0)
    throw new HttpError(413, { error: QUOTA_MESSAGES.full(ctx.config.uploadQuotaMb), code: 'upload_quota_full' });
  return free;
}

/** The room of the account behind an image upload token (the image host's second step). */
export async function uploadRoomOf(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new HttpError(403, { error: 'This upload token was already used. Please try again.' });
  return uploadRoom(ctx, user);
}
