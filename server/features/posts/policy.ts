import { eq } from 'drizzle-orm';
import { groups, type Post, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';

/**
 * DESIGN.md §5 Access: inspiration posts are for every signed-in user; a group's discussion is
 * for its owner and admins (approved members join them with the memberships of issue 5).
 */
export async function canSeePost(ctx: AppContext, user: User, post: Pick<Post, 'groupId'>) {
  if (!post.groupId || user.isAdmin) return true;
  const [group] = await ctx.db.select({ ownerId: groups.ownerId }).from(groups).where(eq(groups.id, post.groupId)).limit(1);
  return group?.ownerId === user.id;
}

export const canPostInGroup = canSeePost;

/** spec 02 §6: only the author (or an admin) removes a post. */
export function authorizeRemove(user: User, post: Pick<Post, 'userId'>) {
  if (post.userId !== user.id && !user.isAdmin) throw forbidden('Only the author can remove this post');
}
