import type { comments, Post } from '../../db/schema';
import { type Actor, canEnterGroup, type GroupFacts, type MembershipFacts } from '../groups/policy';

/**
 * Who may do what with posts and comments. Pure and deny-by-default: the post's group and the
 * caller's membership in it are loaded by the caller.
 * `place` is the post's group with the caller's membership, or null for an inspiration post.
 */
export type PostPlace = { group: GroupFacts; membership?: MembershipFacts } | null;
type Comment = typeof comments.$inferSelect;
export type { Actor };

/** Inspiration posts are for every signed-in user; a group's discussion for its approved members, owner and admins. */
export function canViewPost(user: Actor, place: PostPlace): boolean {
  if (!user) return false;
  if (!place) return true;
  return canEnterGroup(user, place.group, place.membership);
}

/** Post to the inspiration feed (any member), or in a group one may read. */
export const canCreatePost = canViewPost;
/** Comment on, reply to, heart a post: whoever may see it. */
export const canCommentOnPost = canViewPost;
export const canHeartPost = canViewPost;

/** An anonymous post only in a group that allows them. */
export const canPostAnonymously = (group: { allowAnonymous: boolean } | null | undefined): boolean =>
  group?.allowAnonymous === true;

/** Attach an uploaded file: only one's own uploads. */
export const canAttachMedia = (user: Actor, file: { ownerId: string | null }): boolean =>
  user !== null && file.ownerId === user.id;

/** A post is edited by its author only (admins change posts on the admin screens). */
export const canEditPost = (user: Actor, post: Pick<Post, 'userId'>): boolean =>
  user !== null && post.userId === user.id;

/** A comment is edited by its author only. */
export const canEditComment = (user: Actor, comment: Pick<Comment, 'userId'>): boolean =>
  user !== null && comment.userId === user.id;

/** The author (or an admin) removes a post. */
export const canDeletePost = (user: Actor, post: Pick<Post, 'userId'>): boolean =>
  user !== null && (post.userId === user.id || user.isAdmin);

/** A comment is removed by admins (admin screens). */
export const canDeleteComment = (user: Actor): boolean => user?.isAdmin === true;

/** The admin screens change any post's text, media and comments. */
export const canModeratePost = (user: Actor): boolean => user?.isAdmin === true;
