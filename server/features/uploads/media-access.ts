import { eq, or } from 'drizzle-orm';
import { content, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { canSeeContent } from '../content/library';
import { isMediaOfVisiblePost } from '../posts/service';
import { canAccessMedia, ownsOrAdministers } from './policy';

/** Loads the facts uploads/policy.ts `canAccessMedia` needs, only when the uploader and admin rules do not decide. */
export async function mayAccessMedia(ctx: AppContext, user: User, file: { key: string; ownerId: string | null }) {
  if (ownsOrAdministers(user, file)) return true;
  const uses = await ctx.db
    .select({ id: content.id, userId: content.userId })
    .from(content)
    // captions are served to exactly those who may play the media they caption
    .where(or(eq(content.media, file.key), eq(content.captions, file.key)));
  let entitledToContent = false;
  for (const item of uses) {
    if (await canSeeContent(ctx, user, item)) {
      entitledToContent = true;
      break;
    }
  }
  const seesPost = entitledToContent ? false : await isMediaOfVisiblePost(ctx, user, file.key);
  return canAccessMedia(user, file, { entitledToContent, seesPost });
}
