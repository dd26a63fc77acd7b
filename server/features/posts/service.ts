import { and, eq, sql } from 'drizzle-orm';
import {
  ANONYMOUS_AUTHOR,
  EMPTY_POST,
  NO_ANONYMOUS_POSTS,
  type CreatePostRequest,
} from '../../../common/posts/schemas';
import type { Database } from '../../db/client';
import {
  comments,
  groups,
  mediaFiles,
  postHeartNotices,
  postHearts,
  posts,
  type Post,
  type User,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { notify } from '../notifications/service';
import { groupAccess } from '../groups/service';
import { canCreatePost, canEditComment, canEditPost, canViewPost, type PostPlace } from './policy';
import { authorize } from '../../platform/authorize';
import { presentComment, selectPosts, type Viewer } from './queries';

export const findPost = async (ctx: AppContext, id: string) =>
  (await ctx.db.select().from(posts).where(eq(posts.id, id)).limit(1))[0];

/** Where a post is (its group and the caller's membership), for the posts policy; undefined when its group is gone. */
export async function placeOf(ctx: AppContext, user: User, groupId: string | null): Promise<PostPlace | undefined> {
  if (!groupId) return null;
  return groupAccess(ctx, user, groupId);
}

/** DESIGN.md §5 Access (policy canViewPost), with the facts loaded. */
export async function canSeePost(ctx: AppContext, user: User, post: Pick<Post, 'groupId'>) {
  const place = await placeOf(ctx, user, post.groupId);
  return place !== undefined && canViewPost(user, place);
}

/** 404 when the post is missing or the caller may not know it exists. */
export async function loadVisiblePost(ctx: AppContext, user: User, id: string) {
  const post = await findPost(ctx, id);
  if (!post || !(await canSeePost(ctx, user, post))) throw notFound('Post not found');
  return post;
}

export const presentPost = async (ctx: AppContext, viewer: Viewer, id: string) =>
  (await selectPosts(ctx.db, viewer, eq(posts.id, id), 1))[0]!;

/** An uploaded media file (app/upload) a post is to show; 400 when it is not there. */
export async function findMediaFile(ctx: AppContext, key: string) {
  const [file] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.key, key)).limit(1);
  if (!file) throw badRequest('The media file was not found. Upload it again.');
  return file;
}

export async function createPost(ctx: AppContext, author: User, input: CreatePostRequest) {
  const place = await placeOf(ctx, author, input.group ?? null);
  authorize(place !== undefined && canCreatePost(author, place), () => forbidden('group_posts_members_only'));
  if (input.anonymous) {
    const [group] = input.group
      ? await ctx.db.select({ allow: groups.allowAnonymous }).from(groups).where(eq(groups.id, input.group))
      : [];
    if (!group?.allow) throw badRequest('no_anonymous_posts', { message: NO_ANONYMOUS_POSTS });
  }
  let mediaType: Post['mediaType'] = null;
  if (input.media) {
    const file = await findMediaFile(ctx, input.media);
    if (file.ownerId !== author.id) throw forbidden('You can only attach your own uploads');
    mediaType = file.fileType;
  }
  const [post] = await ctx.db
    .insert(posts)
    .values({
      userId: author.id,
      groupId: input.group ?? null,
      text: input.text,
      media: input.media ?? null,
      mediaType,
      photos: input.photos,
      anonymous: input.anonymous,
    })
    .returning();
  return presentPost(ctx, author, post!.id);
}

/**
 * Toggles my heart on a post. The author hears about a person's heart once, however often it
 * is toggled (the notice row is unique per post and person).
 */
export async function toggleHeart(ctx: AppContext, user: User, post: Post) {
  const removed = await ctx.db
    .delete(postHearts)
    .where(and(eq(postHearts.postId, post.id), eq(postHearts.userId, user.id)))
    .returning({ userId: postHearts.userId });
  const hearted = removed.length === 0;
  if (hearted) {
    await ctx.db.insert(postHearts).values({ postId: post.id, userId: user.id }).onConflictDoNothing();
    if (post.userId !== user.id) {
      const first = await ctx.db
        .insert(postHeartNotices)
        .values({ postId: post.id, userId: user.id })
        .onConflictDoNothing()
        .returning();
      if (first.length)
        await notify(ctx.db, {
          userId: post.userId,
          message: `${user.name} hearted your post.`,
          link: `/post/${post.id}`,
        });
    }
  }
  const hearts = await ctx.db
    .select({ userId: postHearts.userId })
    .from(postHearts)
    .where(eq(postHearts.postId, post.id));
  return { hearts: hearts.map((h) => h.userId), hearted };
}

const authorOf = (user: User) => ({
  id: user.id,
  name: user.name,
  profilePicture: user.profilePicture,
  isFacilitator: user.isFacilitator,
});

/**
 * A comment, or with `replyTo` a reply: one level of threading, so a reply to a reply joins its
 * parent's thread. The person answered is told; the post's author is told of every new comment
 * (once, when they are also the one answered).
 */
export async function addComment(
  ctx: AppContext,
  user: User,
  post: Post,
  input: { commentText: string; replyTo?: string | null },
) {
  let answered: { id: string; userId: string } | undefined;
  if (input.replyTo) {
    const [target] = await ctx.db
      .select({ id: comments.id, userId: comments.userId, parentId: comments.parentId })
      .from(comments)
      .where(and(eq(comments.id, input.replyTo), eq(comments.postId, post.id)))
      .limit(1);
    if (!target)
      throw badRequest('reply_target_missing', { message: 'The comment you are replying to is no longer there.' });
    answered = { id: target.parentId ?? target.id, userId: target.userId };
  }
  const [comment] = await ctx.db
    .insert(comments)
    .values({ postId: post.id, userId: user.id, text: input.commentText, parentId: answered?.id ?? null })
    .returning();
  const link = `/post/${post.id}`;
  const notices = [];
  // the anonymous author of the post answering on it is not named to the person answered
  const name = post.anonymous && post.userId === user.id ? ANONYMOUS_AUTHOR.name : user.name;
  if (answered && answered.userId !== user.id)
    notices.push({ userId: answered.userId, message: `${name} replied to your comment.`, link });
  if (post.userId !== user.id && post.userId !== answered?.userId)
    notices.push({ userId: post.userId, message: `${name} commented on your post.`, link });
  await notify(ctx.db, notices);
  return presentComment(comment!, authorOf(user));
}

/** issue 15: the author changes a post's text; it is then marked edited. */
export async function editPost(ctx: AppContext, user: User, post: Post, text: string) {
  authorize(canEditPost(user, post), () => forbidden('author_only_edit'));
  if (!text && !post.media && post.photos.length === 0) throw badRequest(EMPTY_POST);
  await ctx.db.update(posts).set({ text, editedAt: new Date() }).where(eq(posts.id, post.id));
  return presentPost(ctx, user, post.id);
}

/** A comment of a post the caller may see; 404 otherwise. */
export async function loadVisibleComment(ctx: AppContext, user: User, id: string) {
  const [comment] = await ctx.db.select().from(comments).where(eq(comments.id, id)).limit(1);
  if (!comment) throw notFound('Comment not found');
  await loadVisiblePost(ctx, user, comment.postId).catch(() => {
    throw notFound('Comment not found');
  });
  return comment;
}

/** issue 15: the author changes a comment's text; it is then marked edited. */
export async function editComment(ctx: AppContext, user: User, comment: typeof comments.$inferSelect, text: string) {
  authorize(canEditComment(user, comment), () => forbidden('author_only_edit'));
  const [changed] = await ctx.db
    .update(comments)
    .set({ text, editedAt: new Date() })
    .where(eq(comments.id, comment.id))
    .returning();
  return presentComment(changed!, authorOf(user));
}

export async function addHit(db: Database, postId: string) {
  const [row] = await db
    .update(posts)
    .set({ hits: sql`${posts.hits} + 1` })
    .where(eq(posts.id, postId))
    .returning({ hits: posts.hits });
  return { hits: row!.hits };
}

/** Is `key` the media of a post `user` may see? (signed media URLs, DESIGN.md §5) */
export async function isMediaOfVisiblePost(ctx: AppContext, user: User, key: string) {
  const uses = await ctx.db.select({ groupId: posts.groupId }).from(posts).where(eq(posts.media, key));
  for (const p of uses) if (await canSeePost(ctx, user, p)) return true;
  return false;
}
