import { and, count, eq } from 'drizzle-orm';
import { ANONYMOUS_AUTHOR } from '../../../common/posts/schemas';
import type { Executor } from '../../db/client';
import { comments, type Post, type User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { type AppContext, type CommandContext, inTransaction, recordAudit } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { assertNotMuted } from '../moderation/standing';
import { notify } from '../notifications/service';
import { canEditComment } from './policy';
import { authorOf, presentComment } from './presenter';
import { brakePosting } from '../blocks/service';
import { canSeePost, findPost } from './service';

type Comment = typeof comments.$inferSelect;

export const findComment = async (db: Executor, id: string) =>
  (await db.select().from(comments).where(eq(comments.id, id)).limit(1))[0];

/** A comment by id for the admin screens; 404 when it is gone. */
export async function loadComment(ctx: AppContext, id: string) {
  const comment = await findComment(ctx.db, id);
  if (!comment) throw notFound('comment_not_found');
  return comment;
}

/**
 * A comment, or with `replyTo` a reply: one level of threading, so a reply to a reply joins its
 * parent's thread. The person answered is told; the post's author is told of every new comment
 * (once, when they are also the one answered).
 */
export async function addComment(
  ctx: CommandContext,
  opts: { user: User; post: Post; input: { commentText: string; replyTo?: string | null } },
) {
  const { user, post, input } = opts;
  await assertNotMuted(ctx.db, user.id, post.groupId);
  let answered: { id: string; userId: string } | undefined;
  if (input.replyTo) {
    const [target] = await ctx.db
      .select({ id: comments.id, userId: comments.userId, parentId: comments.parentId })
      .from(comments)
      .where(and(eq(comments.id, input.replyTo), eq(comments.postId, post.id)))
      .limit(1);
    if (!target) throw badRequest('reply_target_missing');
    answered = { id: target.parentId ?? target.id, userId: target.userId };
  }
  await brakePosting(ctx, user);
  const [comment] = await ctx.db
    .insert(comments)
    .values({ postId: post.id, userId: user.id, text: input.commentText, parentId: answered?.id ?? null })
    .returning();
  const link = `/post/${post.id}`;
  const notices = [];
  // the anonymous author of the post answering on it is not named to the person answered
  const name = post.anonymous && post.userId === user.id ? ANONYMOUS_AUTHOR.name : user.name;
  if (answered && answered.userId !== user.id)
    notices.push({
      userId: answered.userId,
      type: 'comment' as const,
      from: user.id,
      message: `${name} replied to your comment.`,
      link,
    });
  if (post.userId !== user.id && post.userId !== answered?.userId)
    notices.push({
      userId: post.userId,
      type: 'comment' as const,
      from: user.id,
      message: `${name} commented on your post.`,
      link,
    });
  await notify(ctx.db, notices);
  return presentComment(comment!, authorOf(user));
}

/** A comment of a post the caller may see; 404 otherwise. */
export async function loadVisibleComment(ctx: AppContext, user: User, id: string) {
  const comment = await findComment(ctx.db, id);
  const post = comment && (await findPost(ctx, comment.postId));
  authorize(post !== undefined && (await canSeePost(ctx, user, post)), hidden('comment_not_found'));
  return comment!;
}

/** The author changes a comment's text; it is then marked edited. */
export async function editComment(ctx: CommandContext, opts: { user: User; comment: Comment; text: string }) {
  const { user, comment, text } = opts;
  authorize(canEditComment(user, comment), () => forbidden('author_only_edit'));
  const [changed] = await ctx.db
    .update(comments)
    .set({ text, editedAt: new Date() })
    .where(eq(comments.id, comment.id))
    .returning();
  return presentComment(changed!, authorOf(user));
}

/**
 * One comment, without touching the rest of the post; its replies go with it (one
 * level of threading). The post's comment count follows by trigger (migration 0013).
 */
export async function deleteComment(ctx: CommandContext, opts: { comment: Comment }) {
  const { comment } = opts;
  await inTransaction(ctx, async (ctx) => {
    const [row] = await ctx.db.select({ replies: count() }).from(comments).where(eq(comments.parentId, comment.id));
    await ctx.db.delete(comments).where(eq(comments.id, comment.id));
    await recordAudit(ctx, {
      action: 'delete',
      targetType: 'comment',
      targetId: comment.id,
      details: {
        post: comment.postId,
        author: comment.userId,
        text: comment.text.slice(0, 200),
        replies: row!.replies,
      },
    });
  });
}
