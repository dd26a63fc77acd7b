import { eq, sql } from 'drizzle-orm';
import { images, mediaFiles, users, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { fail, forbidden } from '../../platform/errors';
import { authorize } from '../../platform/authorize';
import { canUpload, uploadRoomLeft } from './policy';

export const QUOTA_MESSAGES = {
  unconfirmed: 'Confirm your email address before uploading files.',
  full: (quotaMb: number) =>
    `You have used your ${quotaMb} MB of uploads. ` +
    "Remove files you no longer need, or ask the site's team for more room.",
} as const;

/** 413 upload_quota_full: its text names the quota, so it is passed here rather than catalogued. */
export const quotaFull = (ctx: AppContext) =>
  fail(413, 'upload_quota_full', QUOTA_MESSAGES.full(ctx.config.uploadQuotaMb));

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
 * Who may upload, and how much more (uploads/policy.ts): confirmed accounts
 * only, up to UPLOAD_QUOTA_MB each (admins without limit). Answers the bytes still free; refuses
 * with 403 (unconfirmed) or 413 (full) before anything is read.
 */
export async function uploadRoom(ctx: AppContext, user: User) {
  // the text differs from account settings' email_not_confirmed, so it is passed rather than catalogued
  authorize(canUpload(user), () => forbidden('email_not_confirmed', QUOTA_MESSAGES.unconfirmed));
  const stored = uploadRoomLeft(user, 1, 0) === Number.POSITIVE_INFINITY ? 0 : await bytesStored(ctx, user.id);
  const free = uploadRoomLeft(user, ctx.config.uploadQuotaMb * 1024 * 1024, stored);
  if (free <= 0) throw quotaFull(ctx);
  return free;
}

/** The room of the account behind an image upload token (the image host's second step). */
export async function uploadRoomOf(ctx: AppContext, userId: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw forbidden('upload_token_used');
  return uploadRoom(ctx, user);
}
