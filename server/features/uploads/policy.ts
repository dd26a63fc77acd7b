import { eq } from 'drizzle-orm';
import { content, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { canSeeContent } from '../content/library';
import { isMediaOfVisiblePost } from '../posts/service';

/**
 * DESIGN.md §5 Access: a media file is served to its uploader, an admin, or someone entitled
 * to content that uses it (released to them through an active subscription), or to a post
 * they can see.
 */
export async function canAccessMedia(ctx: AppContext, user: User, file: { key: string; ownerId: string | null }) {
  if (user.isAdmin || file.ownerId === user.id) return true;
  const uses = await ctx.db
    .select({ id: content.id, userId: content.userId })
    .from(content)
    .where(eq(content.media, file.key));
  for (const item of uses) if (await canSeeContent(ctx, user, item)) return true;
  return isMediaOfVisiblePost(ctx, user, file.key);
}
