import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AdminPostForm } from '../../../common/admin/schemas';
import type { CreatePostRequest, PostAnswer } from '../../../common/posts/schemas';
import {
  comments,
  groups,
  mediaFiles,
  type Post,
  postHeartNotices,
  postHearts,
  posts,
  type User,
} from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { type AppContext, type CommandContext, inTransaction, recordAudit } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { groupAccess } from '../groups/service';
import { assertNotMuted, seesHiddenIn } from '../moderation/standing';
import { notify } from '../notifications/service';
import { canAttachMedia, canCreatePost, canEditPost, canPostAnonymously, canViewPost, type PostPlace } from './policy';
import { inspirationPage } from './inspiration';
import { markBlocked, type Viewer } from './presenter';
import { blockedIdsOf, brakePosting } from '../blocks/service';
import { authorPostsPage, commentsPage, groupPostsPage, searchInspirationPage, selectPosts } from './queries';

// ---- the feed's reads (queries.ts, inspiration.ts), each taking the request's context

/** Everyone the viewer blocks: one read per answer, whatever its length. */
const blockedBy = (ctx: AppContext, viewer: Viewer) => blockedIdsOf(ctx.db, viewer.id);

/** A feed page with the posts of people the viewer blocks marked (presenter.ts markBlocked). */
async function marked<T extends { posts: PostAnswer[] }>(ctx: AppContext, viewer: Viewer, page: Promise<T>) {
  const [answer, blocked] = await Promise.all([page, blockedBy(ctx, viewer)]);
  return { ...answer, posts: markBlocked(answer.posts, blocked) };
}

/** A page of the inspiration feed (inspiration.ts: named statements, read outside any transaction). */
export const inspirationFeed = (ctx: AppContext, viewer: Viewer, cursor: string | undefined, limit: number) =>
  marked(ctx, viewer, inspirationPage(ctx.database, viewer, cursor, limit));

/** A page of the inspiration feed's posts matching a search. */
export const searchFeed = (ctx: AppContext, viewer: Viewer, query: Parameters<typeof searchInspirationPage>[2]) =>
  marked(ctx, viewer, searchInspirationPage(ctx.db, viewer, query));

/** A page of a group's discussion (the caller has checked the viewer is in the group). */
export const groupFeed = async (
  ctx: AppContext,
  viewer: Viewer,
  groupId: string,
  query: Parameters<typeof groupPostsPage>[3],
) => marked(ctx, viewer, groupPostsPage(ctx.db, viewer, groupId, query, await seesHiddenIn(ctx.db, viewer, groupId)));

/** A page of a post's conversation, newest top-level comments with their replies. */
export async function conversationPage(
  ctx: AppContext,
  viewer: Viewer,
  post: Parameters<typeof commentsPage>[2] & { groupId: string | null },
  request: Parameters<typeof commentsPage>[3],
) {
  const [page, blocked] = await Promise.all([
    commentsPage(ctx.db, viewer, post, request, await seesHiddenIn(ctx.db, viewer, post.groupId)),
    blockedBy(ctx, viewer),
  ]);
  return { ...page, comments: markBlocked(page.comments, blocked) };
}

export const findPost = async (ctx: AppContext, id: string) =>
  (await ctx.db.select().from(posts).where(eq(posts.id, id)).limit(1))[0];

/** A member's own inspiration posts the viewer may see, newest first (a profile's Feed tab). */
export const listPostsBy = (
  ctx: AppContext,
  viewer: User,
  authorId: string,
  page: { cursor?: string; limit: number },
) => marked(ctx, viewer, authorPostsPage(ctx.db, viewer, authorId, page.cursor, page.limit));

/** Where a post is (its group and the caller's membership), for the posts policy; undefined when its group is gone. */
export async function placeOf(ctx: AppContext, user: User, groupId: string | null): Promise<PostPlace | undefined> {
  if (!groupId) return null;
  return groupAccess(ctx, user, groupId);
}

/** Whether `user` may see the post (policy canViewPost), with the facts loaded. */
export async function canSeePost(ctx: AppContext, user: User, post: Pick<Post, 'groupId'>) {
  const place = await placeOf(ctx, user, post.groupId);
  return place !== undefined && canViewPost(user, place);
}

/**
 * 404 when the post is missing or the caller may not know it exists; a hidden post is known only
 * to its author and the place's reviewers.
 */
export async function loadVisiblePost(ctx: AppContext, user: User, id: string) {
  const post = await findPost(ctx, id);
  authorize(post !== undefined && (await canSeePost(ctx, user, post)), hidden('post_not_found'));
  const seen = !post.hiddenAt || post.userId === user.id || (await seesHiddenIn(ctx.db, user, post.groupId));
  authorize(seen, hidden('post_not_found'));
  return post;
}

/** A post by id for the admin screens and removal; 404 when it is gone. */
export async function loadPost(ctx: AppContext, id: string) {
  const post = await findPost(ctx, id);
  if (!post) throw notFound('post_not_found');
  return post;
}

export async function presentPostById(ctx: AppContext, viewer: Viewer, id: string) {
  const [rows, blocked] = await Promise.all([selectPosts(ctx.db, viewer, eq(posts.id, id), 1), blockedBy(ctx, viewer)]);
  return markBlocked(rows, blocked)[0]!;
}

/** An uploaded media file (app/upload) a post is to show; 400 when it is not there. */
export async function findMediaFile(ctx: AppContext, key: string) {
  const [file] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.key, key)).limit(1);
  if (!file) throw badRequest('media_not_found');
  return file;
}

export async function createPost(ctx: CommandContext, opts: { author: User; input: CreatePostRequest }) {
  const { author, input } = opts;
  const place = await placeOf(ctx, author, input.group ?? null);
  authorize(place !== undefined && canCreatePost(author, place), () => forbidden('group_posts_members_only'));
  await assertNotMuted(ctx.db, author.id, input.group ?? null);
  if (input.anonymous) {
    const [group] = input.group
      ? await ctx.db.select({ allowAnonymous: groups.allowAnonymous }).from(groups).where(eq(groups.id, input.group))
      : [];
    if (!canPostAnonymously(group)) throw badRequest('no_anonymous_posts');
  }
  let mediaType: Post['mediaType'] = null;
  if (input.media) {
    const file = await findMediaFile(ctx, input.media);
    authorize(canAttachMedia(author, file), () => forbidden('own_uploads_only'));
    mediaType = file.fileType;
  }
  await brakePosting(ctx, author);
  const [post] = await ctx.db
    .insert(posts)
    .values({
      userId: author.id,
      groupId: input.group ?? null,
      text: input.text,
      media: input.media ?? null,
      mediaType,
      photos: input.photos,
      photoAlts: input.photos.map((_, i) => input.photoAlts[i] ?? ''),
      anonymous: input.anonymous,
    })
    .returning();
  return presentPostById(ctx, author, post!.id);
}

/**
 * Toggles my heart on a post. The author hears about a person's heart once, however often it
 * is toggled (the notice row is unique per post and person).
 */
export async function toggleHeart(ctx: CommandContext, opts: { user: User; post: Post }) {
  const { user, post } = opts;
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
          type: 'heart',
          from: user.id,
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

/** The author changes a post's text; it is then marked edited. */
export async function editPost(ctx: CommandContext, opts: { user: User; post: Post; text: string }) {
  const { user, post, text } = opts;
  authorize(canEditPost(user, post), () => forbidden('author_only_edit'));
  if (!text && !post.media && post.photos.length === 0) throw badRequest('empty_post');
  await ctx.db.update(posts).set({ text, editedAt: new Date() }).where(eq(posts.id, post.id));
  return presentPostById(ctx, user, post.id);
}

export async function addHit(ctx: CommandContext, opts: { post: Post }) {
  const [row] = await ctx.db
    .update(posts)
    .set({ hits: sql`${posts.hits} + 1` })
    .where(eq(posts.id, opts.post.id))
    .returning({ hits: posts.hits });
  return { hits: row!.hits };
}

/** Removes a post (its comments and hearts go with it); an admin's call is audited. */
export async function deletePost(ctx: CommandContext, opts: { post: Post }) {
  const { post } = opts;
  await inTransaction(ctx, async (ctx) => {
    await ctx.db.delete(posts).where(eq(posts.id, post.id));
    await recordAudit(ctx, {
      action: 'delete',
      targetType: 'post',
      targetId: post.id,
      details: { group: post.groupId, author: post.userId, text: post.text.slice(0, 200) },
    });
  });
}

/**
 * The admin's Post form: text, media and the texts of some comments, in one
 * transaction with its audit entry (what changed, from and to).
 */
export async function moderatePost(ctx: CommandContext, opts: { post: Post; input: AdminPostForm }) {
  const { post } = opts;
  const { text, comments: edits } = opts.input;
  const media = opts.input.media === undefined ? post.media : opts.input.media;
  let mediaType = post.mediaType;
  if (media !== post.media) mediaType = media ? (await findMediaFile(ctx, media)).fileType : null;
  if (!text && !media && post.photos.length === 0) throw badRequest('empty_post');

  const ids = [...new Set(edits.map((c) => c._id))];
  if (ids.length !== edits.length) throw badRequest('comment_listed_twice');
  const current = ids.length
    ? await ctx.db
        .select({ id: comments.id, text: comments.text })
        .from(comments)
        .where(and(eq(comments.postId, post.id), inArray(comments.id, ids)))
    : [];
  if (current.length !== ids.length) throw badRequest('comment_not_on_post');
  const before = new Map(current.map((c) => [c.id, c.text]));
  const changedComments = edits.filter((c) => before.get(c._id) !== c.text);

  await inTransaction(ctx, async (ctx) => {
    await ctx.db.update(posts).set({ text, media, mediaType }).where(eq(posts.id, post.id));
    for (const c of changedComments) await ctx.db.update(comments).set({ text: c.text }).where(eq(comments.id, c._id));
    const details: Record<string, unknown> = {};
    if (text !== post.text) details.text = { from: post.text, to: text };
    if (media !== post.media) details.media = { from: post.media, to: media };
    if (changedComments.length)
      details.comments = changedComments.map((c) => ({ _id: c._id, from: before.get(c._id), to: c.text }));
    await recordAudit(ctx, { action: 'update', targetType: 'post', targetId: post.id, details });
  });
}

/** Is `key` the media of a post `user` may see? (a signed media URL goes only to those) */
export async function isMediaOfVisiblePost(ctx: AppContext, user: User, key: string) {
  const uses = await ctx.db.select({ groupId: posts.groupId }).from(posts).where(eq(posts.media, key));
  for (const p of uses) if (await canSeePost(ctx, user, p)) return true;
  return false;
}
