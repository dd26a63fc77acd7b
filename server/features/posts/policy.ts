import type { Post, User } from '../../db/schema';
import { isInGroup } from '../groups/service';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';

/**
 * DESIGN.md §5 Access: inspiration posts are for every signed-in user; a group's discussion is
 * for its approved members, its owner and admins.
 */
export async function canSeePost(ctx: AppContext, user: User, post: Pick<Post, 'groupId'>) {
  if (!post.groupId) return true;
  return isInGroup(ctx, user, post.groupId);
}

export const canPostInGroup = canSeePost;

/** spec 02 §6: only the author (or an admin) removes a post. */
export function authorizeRemove(user: User, post: Pick<Post, 'userId'>) {
  if (post.userId !== user.id && !user.isAdmin) throw forbidden('Only the author can remove this post');
}

/** issue 15: a post or comment is edited by its author only (admins change posts on the admin screens). */
export function authorizeEdit(user: User, item: { userId: string }) {
  if (item.userId !== user.id) throw forbidden('Only the author can edit this');
}
