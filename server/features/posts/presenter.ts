import { ANONYMOUS_AUTHOR, type CommentAnswer, type PostAnswer } from '../../../common/posts/schemas';
import type { comments, Post } from '../../db/schema';

export type Author = { id: string; name: string; profilePicture: string | null; isFacilitator: boolean };
type CommentRow = typeof comments.$inferSelect;

/** Who reads: an anonymous post names its author only to that author and to admins. */
export type Viewer = { id: string; isAdmin: boolean };

export const presentAuthor = (a: Author) => ({
  _id: a.id,
  name: a.name,
  profilePicture: a.profilePicture,
  isFacilitator: a.isFacilitator,
});

export const authorOf = (user: Author): Author => ({
  id: user.id,
  name: user.name,
  profilePicture: user.profilePicture,
  isFacilitator: user.isFacilitator,
});

/** The post columns an answer shows. */
export type PresentedPost = Pick<
  Post,
  | 'id'
  | 'userId'
  | 'text'
  | 'media'
  | 'mediaType'
  | 'photos'
  | 'photoAlts'
  | 'anonymous'
  | 'hits'
  | 'commentCount'
  | 'createdAt'
  | 'groupId'
  | 'editedAt'
  | 'hiddenAt'
>;

/** A post as the feed, a group's discussion and the post page show it. */
export const presentPost = (
  { post: p, author: a, hearts }: { post: PresentedPost; author: Author; hearts: string[] | null },
  viewer: Viewer,
): PostAnswer => ({
  _id: p.id,
  user: p.anonymous && a.id !== viewer.id && !viewer.isAdmin ? { ...ANONYMOUS_AUTHOR } : presentAuthor(a),
  text: p.text,
  media: p.media,
  mediaType: p.mediaType,
  photos: p.photos,
  photoAlts: p.photos.map((_, i) => p.photoAlts[i] ?? ''),
  postedDate: p.createdAt.toISOString(),
  hits: p.hits,
  hearts: hearts ?? [],
  comments: p.commentCount,
  group: p.groupId,
  anonymous: p.anonymous,
  edited: p.editedAt !== null,
  hidden: p.hiddenAt !== null,
});

/**
 * An anonymous post's author stays anonymous in their own comments on it,
 * except to themselves and to admins, as on the post.
 */
export const hiddenAuthor = (post: { anonymous: boolean; userId: string }, authorId: string, viewer: Viewer) =>
  post.anonymous && authorId === post.userId && authorId !== viewer.id && !viewer.isAdmin;

export const presentComment = (c: CommentRow, a: Author, hide = false): CommentAnswer => ({
  _id: c.id,
  user: hide ? { ...ANONYMOUS_AUTHOR } : presentAuthor(a),
  text: c.text,
  postedDate: c.createdAt.toISOString(),
  parent: c.parentId,
  edited: c.editedAt !== null,
  hidden: c.hiddenAt !== null,
});

/**
 * Marks what the viewer's blocked people wrote (`blocked`, read once per answer, blocks/queries.ts
 * blockedIdsOf): the web collapses it. An anonymous author is shown as ANONYMOUS_AUTHOR, whose id
 * is never blocked, so a mark never names who wrote anonymously.
 */
export function markBlocked<T extends { user: { _id: string } }>(items: T[], blocked: Set<string>): T[] {
  if (blocked.size === 0) return items;
  return items.map((item) => (blocked.has(item.user._id) ? { ...item, authorBlocked: true as const } : item));
}
